import { type ListField, listBody } from '../../../core/list.js';
import { ApiError } from '../../../http/api-error.js';
import type { HandlerContext, HandlerMap } from '../../../http/handler.js';
import type { CampaignTemplateStore } from './store.js';

type ListQuery = HandlerContext<'listCampaignTemplates'>['query'];

/** A page of a project's templates in the list's envelope: `total` when asked for, the cursor while more follow. */
const templateList = (templates: CampaignTemplateStore, query: ListQuery) => {
  const page = templates.list({
    limit: query.limit,
    startingAfterId: query.starting_after_id,
    order: query.order,
    filters: query.filters,
  });
  const fields: ListField[] = ['has_more'];
  if (query.include_total === true) fields.push('total');
  if (page.hasMore) fields.push('more_starting_after');
  return listBody('campaign_templates', page, fields);
};

/**
 * Campaign templates: saved, listed, read (with `expand=json_template`), renamed and deleted;
 * campaigns and promotion tiers made from them; and, through the management API, listed and
 * copied from one project to another.
 */
export const campaignTemplateHandlers = {
  listCampaignTemplates: ({ project, query }) => ({
    status: 200,
    body: templateList(project.state.campaignTemplates, query),
  }),
  createCampaignTemplate: ({ project, body }) => ({ status: 200, body: project.state.campaignTemplates.create(body) }),
  getCampaignTemplate: ({ project, params, query }) => ({
    status: 200,
    body: project.state.campaignTemplates.get(params.campaignTemplateId, query.expand),
  }),
  updateCampaignTemplate: ({ project, params, body }) => ({
    status: 200,
    body: project.state.campaignTemplates.update(params.campaignTemplateId, body),
  }),
  deleteCampaignTemplate: ({ project, params }) => {
    project.state.campaignTemplates.delete(params.campaignTemplateId);
    return { status: 204, body: null };
  },
  createCampaignFromTemplate: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.campaignTemplates.createCampaign(params.campaignTemplateId, body, { requestId }),
  }),
  addTierFromTemplate: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.campaignTemplates.addTier(params.campaignTemplateId, body, { requestId }),
  }),
  managementListCampaignTemplates: ({ project, query }) => ({
    status: 200,
    body: templateList(project.state.campaignTemplates, query),
  }),
  managementCopyCampaignTemplate: ({ project, projects, params, body }) => {
    const { destination_project_id: destinationId, ...copy } = body;
    const destination = projects.get(destinationId);
    if (!destination) throw ApiError.notFound('project', destinationId);
    return {
      status: 200,
      body: project.state.campaignTemplates.copy(params.campaignTemplateId, destination.state.campaignTemplates, copy),
    };
  },
} satisfies HandlerMap;
