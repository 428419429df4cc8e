// Projects (spec §4.1).
import { created, ok, type ApiContext, type Handler } from './api-context.ts';
import { serviceNow } from './faults.ts';
import { notFound, readJsonObject } from './http-io.ts';
import { newId, projectSummary, projectView, type ProjectRecord, type Store } from './store.ts';
import { parseCreateProject, parseUpdateProject, type CreateProjectInput } from './validation.ts';

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '') || 'app';

export function findProject(store: Store, id: string): ProjectRecord {
  const project = store.projects.get(id);
  if (project === undefined) throw notFound('project', id);
  return project;
}

/** Adds a project with the service's defaults for everything the request left out. */
export function addProject(
  store: Store,
  input: CreateProjectInput,
  id = newId('proj'),
  at = new Date(),
): ProjectRecord {
  const now = at.toISOString();
  const { config } = input;
  const project: ProjectRecord = {
    id,
    name: input.name,
    url: input.url,
    platforms: input.platforms,
    author: config.author ?? 'Unknown author',
    version: config.version ?? '1.0.0',
    appId: config.appId ?? `com.example.${slug(input.name)}`,
    window: { width: 1280, height: 800, resizable: true, ...config.window },
    features: { autoUpdate: false, tray: false, menuBar: true, ...config.features },
    createdAt: now,
    updatedAt: now,
  };
  store.projects.set(project.id, project);
  return project;
}

export const listProjects: Handler = (ctx) => {
  const projects = [...ctx.store.projects.values()].map(projectSummary);
  return ok({ projects, total: projects.length });
};

export const getProject: Handler = (ctx, _req, [id = '']) =>
  ok(projectView(findProject(ctx.store, id)));

export const createProject: Handler = async (ctx, req) => {
  const input = parseCreateProject(await readJsonObject(req));
  const project = addProject(
    ctx.store,
    input,
    undefined,
    serviceNow(ctx.faults(), ctx.timers.now()),
  );
  ctx.emit('project.created', { project: projectView(project) });
  const { id, name, url, platforms, createdAt } = project;
  return created({ id, name, url, platforms, createdAt, message: `Project '${name}' created.` });
};

export const updateProject: Handler = async (ctx: ApiContext, req, [id = '']) => {
  const project = findProject(ctx.store, id);
  const { window, features, ...fields } = parseUpdateProject(await readJsonObject(req));
  Object.assign(project, fields, {
    window: { ...project.window, ...window },
    features: { ...project.features, ...features },
    updatedAt: serviceNow(ctx.faults(), ctx.timers.now()).toISOString(),
  });
  ctx.emit('project.updated', { project: projectView(project) });
  const { name, platforms, updatedAt } = project;
  return ok({ id, name, platforms, updatedAt, message: `Project '${name}' updated.` });
};

export const deleteProject: Handler = (ctx, _req, [id = '']) => {
  const project = findProject(ctx.store, id);
  for (const build of ctx.store.builds.values()) {
    if (build.projectId !== id) continue;
    ctx.lifecycle.forget(build.id);
    ctx.store.builds.delete(build.id);
  }
  ctx.store.projects.delete(id);
  ctx.emit('project.deleted', { project: projectView(project) });
  return ok({
    id,
    deleted: true,
    message: `Project '${project.name}' and its builds were deleted.`,
  });
};
