import {
  compactViews,
  expandViews,
  toggleView,
  type ViewNode,
  viewCheckState,
  viewTree,
} from '@lintel/shared/manifests';
import { ActionIcon, Box, Checkbox, Group, Stack } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type manifestTexts from '../../../i18n/locales/en/manifests.json';

export interface ViewsTreeProps {
  /** The view keys of the platform (GET /api/v1/manifest_views). */
  keys: readonly string[];
  /** The component's views as the manifest writes them (`.all` prefixes allowed). */
  value: readonly string[];
  /** The new selection, written short (`prefix.all` where every view under a prefix is chosen). */
  onChange: (views: string[]) => void;
  disabled?: boolean;
}

type LabelledSegment = keyof typeof manifestTexts.builder.views.labels;
/** The segments of reference/view-keys.txt that have a name in locales/<language>/manifests.json. */
const LABELLED = new Set<string>([
  'budgeting',
  'budget_changes',
  'change_history',
  'forecasting',
  'change_events',
  'commitments',
  'commitment_contract_change_orders',
  'contracts',
  'purchase_order_contracts',
  'requisitions',
  'work_order_contracts',
  'correspondence',
  'incidents',
  'inspections',
  'observations',
  'prime_contracts',
  'change_orders',
  'potential_change_orders',
  'invoices',
  'payment_applications',
  'project_directory',
  'person',
  'vendors',
  'rfi',
  'schedule',
  'calendar',
  'lookaheads',
  'month',
  'task',
  'submittal_logs',
  'detail',
  'edit',
  'list',
  'new',
  'all',
] satisfies LabelledSegment[]);
const isLabelled = (segment: string): segment is LabelledSegment => LABELLED.has(segment);

/**
 * A view segment as people name it, in the user's language (`rfi` → "RFI", `submittal_logs` →
 * "Submittals"); a segment the list does not know yet is written out (`work_orders` → "Work orders").
 */
export function viewLabel(t: TFunction, segment: string): string {
  if (isLabelled(segment)) return t(`manifests.builder.views.labels.${segment}`);
  const words = segment.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The side panel's views as a checkbox tree (spec 2 §2 "Add or edit component drawer"): a parent is
 * checked when every view under it is, indeterminate when some are, and (un)checks them all. Groups open
 * and close; a group holding a chosen view starts open. Each checkbox is named by its label ("RFI",
 * "Detail"), inside a group named by its parent's, so a screen reader says where it is.
 */
export function ViewsTree({ keys, value, onChange, disabled = false }: ViewsTreeProps) {
  const tree = useMemo(() => viewTree(keys), [keys]);
  const [open, setOpen] = useState<Set<string>>(() => {
    const chosen = expandViews(value, keys);
    const initial = new Set<string>();
    for (const key of chosen) {
      const parts = key.split('.');
      for (let i = 1; i < parts.length; i++) initial.add(parts.slice(0, i).join('.'));
    }
    return initial;
  });

  const toggleOpen = (node: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(node)) next.delete(node);
      else next.add(node);
      return next;
    });

  const change = (node: string, checked: boolean) =>
    onChange(compactViews(toggleView(value, node, checked, keys), keys));

  return (
    <Stack gap={4}>
      {tree.map((node) => (
        <TreeNode
          key={node.value}
          node={node}
          depth={0}
          keys={keys}
          value={value}
          open={open}
          onToggleOpen={toggleOpen}
          onChange={change}
          disabled={disabled}
        />
      ))}
    </Stack>
  );
}

interface TreeNodeProps {
  node: ViewNode;
  depth: number;
  keys: readonly string[];
  value: readonly string[];
  open: Set<string>;
  onToggleOpen: (node: string) => void;
  onChange: (node: string, checked: boolean) => void;
  disabled: boolean;
}

function TreeNode({ node, depth, keys, value, open, onToggleOpen, onChange, disabled }: TreeNodeProps) {
  const { t } = useTranslation();
  const state = viewCheckState(node.value, value, keys);
  const hasChildren = node.children.length > 0;
  const expanded = hasChildren && open.has(node.value);
  const groupId = `views-${node.value.replaceAll('.', '-')}`;
  const label = viewLabel(t, node.label);
  return (
    <Box>
      <Group gap={4} wrap="nowrap" pl={depth * 24}>
        {hasChildren ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            onClick={() => onToggleOpen(node.value)}
            aria-expanded={expanded}
            aria-controls={groupId}
            aria-label={
              expanded
                ? t('manifests.builder.views.collapse', { name: label })
                : t('manifests.builder.views.expand', { name: label })
            }
          >
            {expanded ? (
              <IconChevronDown size={14} aria-hidden />
            ) : (
              <IconChevronRight size={14} aria-hidden />
            )}
          </ActionIcon>
        ) : (
          <Box w={22} aria-hidden />
        )}
        <Checkbox
          size="sm"
          label={label}
          title={node.value}
          checked={state === 'checked'}
          indeterminate={state === 'indeterminate'}
          disabled={disabled}
          onChange={(event) => onChange(node.value, event.currentTarget.checked || state === 'indeterminate')}
        />
      </Group>
      {expanded ? (
        <Stack
          gap={4}
          mt={4}
          id={groupId}
          role="group"
          aria-label={t('manifests.builder.views.group', { name: label })}
        >
          {node.children.map((child) => (
            <TreeNode
              key={child.value}
              node={child}
              depth={depth + 1}
              keys={keys}
              value={value}
              open={open}
              onToggleOpen={onToggleOpen}
              onChange={onChange}
              disabled={disabled}
            />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}
