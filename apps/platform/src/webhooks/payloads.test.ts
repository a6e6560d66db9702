import { describe, expect, it } from 'vitest';
import { apiVersionOf, triggerProblem, webhookCatalogue } from './catalogue';
import { microsecondTimestamp, payloadBody, payloadV2, payloadV4, type StoredEvent } from './payloads';

const event: StoredEvent = {
  id: 5982324300,
  ulid: '01JDQ5N7KX3V9ZB2C4D6E8F0GH',
  companyId: 4000001,
  projectId: 7,
  userId: 12,
  resourceName: 'RFIs',
  resourceId: 99,
  eventType: 'update',
  sourceApplicationId: 'client-abc',
  occurredAt: new Date('2026-11-27T17:42:12.634Z'),
};

describe('payloads (webhooks.md §4)', () => {
  it('v2.0 carries every field with number ids and the metadata', () => {
    expect(payloadV2(event)).toEqual({
      id: 5982324300,
      ulid: event.ulid,
      timestamp: '2026-11-27T17:42:12.634000Z',
      event_type: 'update',
      resource_name: 'RFIs',
      resource_id: 99,
      company_id: 4000001,
      project_id: 7,
      user_id: 12,
      api_version: 'v2.0',
      metadata: {
        source_user_id: 12,
        source_company_id: 4000001,
        source_project_id: 7,
        source_application_id: 'client-abc',
        source_operation_id: null,
      },
    });
  });

  it('v2.0 leaves project_id out for a change without a project', () => {
    const body = payloadV2({ ...event, projectId: null });
    expect(body).not.toHaveProperty('project_id');
    expect(body.metadata.source_project_id).toBeNull();
  });

  it('v4.0: the ULID as id, reason and resource_type, every id a string, no metadata or ulid', () => {
    expect(payloadV4(event)).toEqual({
      id: event.ulid,
      timestamp: '2026-11-27T17:42:12.634000Z',
      reason: 'update',
      company_id: '4000001',
      project_id: '7',
      user_id: '12',
      resource_type: 'RFIs',
      resource_id: '99',
    });
    expect(JSON.parse(payloadBody(event, 'v4.0'))).toEqual(payloadV4(event));
    expect(JSON.parse(payloadBody(event, 'v2.0'))).toEqual(payloadV2(event));
  });

  it('writes times in UTC with microseconds', () => {
    expect(microsecondTimestamp(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000000Z');
  });
});

describe('the catalogue', () => {
  it('lists Projects (create, update), RFIs and Submittals (create, update, delete)', () => {
    expect(webhookCatalogue().map((r) => [r.name, r.level, r.eventTypes])).toEqual([
      ['Projects', 'company', ['create', 'update']],
      ['RFIs', 'project', ['create', 'update', 'delete']],
      ['Submittals', 'project', ['create', 'update', 'delete']],
    ]);
  });

  it('reads v2, v2.0, v4 and v4.0, nothing else', () => {
    expect(['v2', 'v2.0', 'v4', 'v4.0', 'v3.0', '2.0', 'V2', ''].map(apiVersionOf)).toEqual([
      'v2.0',
      'v2.0',
      'v4.0',
      'v4.0',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('names the field a trigger gets wrong', () => {
    expect(triggerProblem('RFIs', 'create', 'project')).toBeNull();
    expect(triggerProblem('Widgets', 'create', 'company')?.field).toBe('resource_name');
    expect(triggerProblem('Projects', 'delete', 'company')?.field).toBe('event_type');
    expect(triggerProblem('Projects', 'create', 'project')?.field).toBe('resource_name');
  });
});
