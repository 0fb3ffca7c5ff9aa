/** A block's place in one pipeline: its id and the blocks it depends on there. */
export interface Member {
  uuid: string;
  upstream: string[];
}

/** A pipeline's members by section, each in priority order. */
export interface Sections {
  blocks: Member[];
  callbacks: Member[];
  conditionals: Member[];
  widgets: Member[];
  extensions: Record<string, Member[]>;
}
