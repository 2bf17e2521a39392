import { copyButton, fill, h } from '../dom.js';
import type { View } from '../context.js';

/** A label, a value and a button that copies it. */
const key = (label: string, value: string) =>
  h(
    'tr',
    null,
    h('th', null, label),
    h('td', null, h('code', null, value)),
    h(
      'td',
      null,
      copyButton(() => value),
    ),
  );

/** The projects view: each project with its keys, and the management keys. */
export const projectsView: View = {
  id: 'projects',
  label: 'Projects and keys',
  mount(element, context) {
    const { managementId, managementToken } = context.api.management;
    fill(
      element,
      context.projects.map((project) =>
        h(
          'section',
          { class: 'card', 'data-project': project.id },
          h('h2', null, `${project.name}${project.primary ? ' (primary)' : ''}`),
          h(
            'table',
            { class: 'keys' },
            h(
              'tbody',
              null,
              key('Project id', project.id),
              key('X-App-Id', project.keys.app_id),
              key('X-App-Token', project.keys.app_token),
              key('X-Client-Application-Id', project.keys.client_app_id),
              key('X-Client-Token', project.keys.client_token),
              key('Webhook secret', project.webhook_secret),
            ),
          ),
        ),
      ),
      h(
        'section',
        { class: 'card' },
        h('h2', null, 'Account'),
        h(
          'table',
          { class: 'keys' },
          h(
            'tbody',
            null,
            key('Base URL', context.api.origin),
            key('X-Management-Id', managementId),
            key('X-Management-Token', managementToken),
          ),
        ),
      ),
    );
    return () => undefined;
  },
};
