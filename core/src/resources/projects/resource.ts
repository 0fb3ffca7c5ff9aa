import type { NodeAt } from '@pipeline-api/contract';
import { notFound } from '../../errors.js';
import { currentProject, projectsTable, type ProjectRecord } from '../../model/project.js';
import type { Resource } from '../../resource.js';

export const projectResource: Resource<NodeAt<'projects'>, ProjectRecord> = {
  collection: ({ repo, random }) => ({ records: [currentProject(repo, random)], count: 1 }),
  member(name, { repo, random }) {
    const project = currentProject(repo, random);
    // Mage ignores the name; the kit serves one project and names it, so another name is a clear 404.
    if (name !== project.name) throw notFound(`Project ${name} does not exist; this server's project is ${project.name}.`);
    return project;
  },
  async update(project, { repo, payload }) {
    const features = { ...project.features };
    // Mage keeps a flag as it is when it is sent null.
    for (const [name, value] of Object.entries(payload.features ?? {})) if (typeof value === 'boolean') features[name] = value;
    const next: ProjectRecord = {
      ...project,
      features,
      help_improve_mage: payload.help_improve_mage ?? project.help_improve_mage,
      emr_config: payload.emr_config ?? project.emr_config,
      spark_config: payload.spark_config ?? project.spark_config,
      remote_variables_dir: payload.remote_variables_dir === undefined ? project.remote_variables_dir : payload.remote_variables_dir,
      openai_api_key_set: payload.openai_api_key === undefined ? project.openai_api_key_set : payload.openai_api_key !== null && payload.openai_api_key !== '',
    };
    repo.transaction(() => projectsTable.in(repo).put(next));
    return next;
  },
};
