import { Badge, Card, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/Markdown';
import { METHOD_COLORS } from './methodColors';
import {
  jsonSchemaOf,
  type OpenApiDocument,
  type OperationEntry,
  type RequestBody,
  type ResponseObject,
  resolve,
  schemaFields,
  schemaType,
} from './openapi';
import { FieldName, SchemaFieldsTable } from './SchemaFieldsTable';

function statusColor(status: string): string {
  if (status.startsWith('2')) return 'green';
  if (status.startsWith('3')) return 'blue';
  if (status.startsWith('4')) return 'orange';
  if (status.startsWith('5')) return 'red';
  return 'gray';
}

export function OperationCard({ doc, entry }: { doc: OpenApiDocument; entry: OperationEntry }) {
  const { t } = useTranslation();
  const { operation, method, path } = entry;
  const title = operation.summary ?? `${method.toUpperCase()} ${path}`;
  const requestBody = resolve<RequestBody>(doc, operation.requestBody);
  const requestSchema = jsonSchemaOf(requestBody?.content);
  const responses = Object.entries(operation.responses ?? {});

  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="article"
      id={entry.id}
      aria-labelledby={`${entry.id}-title`}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="center">
          <Badge color={METHOD_COLORS[method]} variant="filled" radius="sm" w={72} style={{ flexShrink: 0 }}>
            {method.toUpperCase()}
          </Badge>
          <Code fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {path}
          </Code>
          {operation.deprecated ? (
            <Badge color="gray" variant="outline">
              {t('reference.deprecated')}
            </Badge>
          ) : null}
        </Group>
        <Title order={3} size="h4" id={`${entry.id}-title`}>
          {title}
        </Title>
        {operation.description ? <Markdown>{operation.description}</Markdown> : null}

        {entry.parameters.length ? (
          <div>
            <Title order={4} size="h6" mb="xs">
              {t('reference.parameters')}
            </Title>
            <Table.ScrollContainer minWidth={520}>
              <Table
                withTableBorder
                verticalSpacing="xs"
                fz="sm"
                aria-label={t('reference.parametersOf', { title })}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('reference.name')}</Table.Th>
                    <Table.Th scope="col">{t('reference.in')}</Table.Th>
                    <Table.Th scope="col">{t('reference.type')}</Table.Th>
                    <Table.Th scope="col">{t('reference.description')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {entry.parameters.map((parameter) => (
                    <Table.Tr key={`${parameter.in}:${parameter.name}`}>
                      <Table.Td>
                        <FieldName name={parameter.name} required={parameter.required} />
                      </Table.Td>
                      <Table.Td>{parameter.in}</Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {schemaType(doc, parameter.schema)}
                        </Text>
                      </Table.Td>
                      <Table.Td>{parameter.description ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </div>
        ) : null}

        {requestBody ? (
          <div>
            <Title order={4} size="h6" mb="xs">
              {t('reference.requestBody')}
            </Title>
            {requestBody.description ? (
              <Text size="sm" mb="xs">
                {requestBody.description}
              </Text>
            ) : null}
            <SchemaFieldsTable
              fields={schemaFields(doc, requestSchema)}
              label={t('reference.requestBodyOf', { title })}
            />
          </div>
        ) : null}

        {responses.length ? (
          <div>
            <Title order={4} size="h6" mb="xs">
              {t('reference.responses')}
            </Title>
            <Stack gap="sm">
              {responses.map(([status, value]) => {
                const response = resolve<ResponseObject>(doc, value);
                const schema = jsonSchemaOf(response?.content);
                const fields = schema ? schemaFields(doc, schema) : [];
                return (
                  <div key={status}>
                    <Group gap="xs" mb={4}>
                      <Badge color={statusColor(status)} variant="light" radius="sm">
                        {status}
                      </Badge>
                      <Text size="sm">{response?.description ?? ''}</Text>
                      {schema && fields.length === 0 ? (
                        <Text size="sm" ff="monospace" c="dimmed">
                          {schemaType(doc, schema)}
                        </Text>
                      ) : null}
                    </Group>
                    {fields.length ? (
                      <SchemaFieldsTable
                        fields={fields}
                        label={t('reference.responseOf', { status, title })}
                      />
                    ) : null}
                  </div>
                );
              })}
            </Stack>
          </div>
        ) : null}
      </Stack>
    </Card>
  );
}
