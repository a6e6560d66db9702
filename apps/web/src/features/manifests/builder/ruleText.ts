import { RULE_MESSAGES, type RuleProblem } from '@lintel/shared/manifests';
import type { TFunction } from 'i18next';

const PLACEHOLDER = /placeholder \{\{(.*?)\}\}/;
const UNKNOWN_VIEW = /unknown view key "(.*)"/;

/**
 * A shared rule's problem in the user's language: the spec's texts (spec 2 §5) by their English, the
 * other rules by their kind; never the rule's English itself.
 */
export function ruleText(t: TFunction, problem: Pick<RuleProblem, 'message'>): string {
  const { message } = problem;
  if (message === RULE_MESSAGES.required) return t('manifests.builder.rules.required');
  if (message === RULE_MESSAGES.url) return t('manifests.builder.rules.url');
  if (message === RULE_MESSAGES.https) return t('manifests.builder.rules.https');
  if (message === RULE_MESSAGES.view) return t('manifests.builder.rules.view');
  if (message === RULE_MESSAGES.parameter) return t('manifests.builder.rules.parameter');
  if (message === RULE_MESSAGES.notValidForSaving) return t('manifests.builder.rules.notValidForSaving');
  const placeholder = PLACEHOLDER.exec(message);
  if (placeholder) return t('manifests.builder.rules.placeholder', { name: placeholder[1] });
  const view = UNKNOWN_VIEW.exec(message);
  if (view) return t('manifests.builder.rules.unknownView', { name: view[1] });
  if (message.startsWith('side panels are not available')) return t('manifests.builder.rules.noSidepanel');
  return t('manifests.builder.rules.invalid');
}

/** The first problem at a pointer (or under it), in the user's language. */
export function problemAt(
  t: TFunction,
  problems: readonly RuleProblem[],
  pointer: string,
): string | undefined {
  const found = problems.find((p) => p.pointer === pointer || p.pointer.startsWith(`${pointer}/`));
  return found ? ruleText(t, found) : undefined;
}
