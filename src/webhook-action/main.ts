// The webhook sub-action: make one webhook deliver the wanted events to a url, or remove it.
import * as core from '@actions/core';
import { stepLog } from '../runner/log.ts';
import type { BuildServiceClient } from '../service/client.ts';
import { NotFoundError } from '../service/errors.ts';
import type { Webhook } from '../service/schemas.ts';
import { openClient } from '../runner/connection.ts';
import { readContext } from '../runner/context.ts';
import { commandText } from '../text/escape.ts';
import { getWebhookInputs, maskWebhookSecrets, type WebhookActionInputs } from './inputs.ts';
import { planRemoval, planWebhook, type WebhookPlan } from './plan-webhook.ts';
import { messageOf } from '../shared/errors.ts';
import { checkRunnerPaths } from '../runner/paths.ts';

type WebhookClient = Pick<BuildServiceClient, 'listWebhooks' | 'createWebhook' | 'deleteWebhook'>;

export async function run(): Promise<void> {
  try {
    maskWebhookSecrets();
    const inputs = getWebhookInputs();
    // Before any request: an output the runner cannot take would lose what the service did.
    checkRunnerPaths(readContext(), { downloadDirectory: null });
    if (!inputs.delete && !inputs.secret) {
      stepLog.warning(
        'No secret: deliveries will not carry X-Service-Signature, so receivers cannot verify them. Set the secret input.',
      );
    }
    const client = openClient(inputs);
    try {
      const { webhooks } = await client.listWebhooks();
      const plan = inputs.delete
        ? planRemoval(webhooks, inputs.url)
        : planWebhook(webhooks, inputs);
      const webhookId = await carryOut(client, plan, inputs);
      core.setOutput('webhook-id', webhookId);
      core.setOutput('changed', String(plan.create || plan.remove.length > 0));
    } finally {
      await client.close();
    }
  } catch (error) {
    stepLog.setFailed(messageOf(error));
  }
}

/** Creates before deleting, so a replaced webhook misses no delivery. Returns the output id. */
async function carryOut(
  client: WebhookClient,
  plan: WebhookPlan,
  inputs: WebhookActionInputs,
): Promise<string> {
  let webhookId = plan.keep?.id ?? '';
  if (plan.keep) stepLog.info(`Webhook ${describe(plan.keep)} already matches`);
  if (plan.create) {
    const created = await client.createWebhook({
      url: inputs.url,
      events: inputs.events,
      ...(inputs.secret ? { secret: inputs.secret } : {}),
    });
    stepLog.info(`Created webhook ${describe(created)}`);
    webhookId = created.id;
  }
  for (const old of plan.remove) {
    try {
      await client.deleteWebhook(old.id);
      stepLog.info(`Deleted webhook ${describe(old)}${old.active ? '' : ' (inactive)'}`);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      stepLog.info(`Webhook ${old.id} was already deleted`);
    }
  }
  if (inputs.delete) {
    if (plan.remove.length === 0) {
      stepLog.info(`No webhook delivers to ${commandText(inputs.url)}; nothing to delete`);
    }
    return plan.remove.map((hook) => hook.id).join('\n');
  }
  return webhookId;
}

const describe = (hook: Webhook): string =>
  `${hook.id} → ${commandText(hook.url)} (${hook.events.join(', ')})`;
