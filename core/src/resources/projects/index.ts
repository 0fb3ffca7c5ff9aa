import { projectsTable } from '../../model/project.js';
import { defineResource } from '../../resource.js';
import { projectPolicy } from './policy.js';
import { projectPresenter } from './presenter.js';
import { projectResource } from './resource.js';

/** `GET /api/projects`, `PUT /api/projects/:name`: the one project the server serves (Mage's UI reads it on every page). */
export const projects = defineResource('projects', {
  tables: [projectsTable],
  resource: projectResource,
  policy: projectPolicy,
  presenter: projectPresenter,
});
