import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { exceptionMessage, type ResponseErrorOptions, responseErrors } from '../../api/errorText';

/** A response that is not our error body (a proxy's page, an empty body): its status text says nothing. */
const isBareResponse = (error: unknown) => isApiError(error) && error.code.startsWith('http_');

/**
 * The body of the "Couldn't Save Marketplace Listing." banner (spec 3 §8): the server's errors, as a list
 * under "The following errors occurred:" when there is more than one, else the error's message, else
 * "An error occurred while updating the marketplace listing." (also for a response without our error
 * body, whose "HTTP 502" would tell the user nothing).
 */
export function SaveErrors({ error, options }: { error: unknown; options: ResponseErrorOptions }) {
  const { t } = useTranslation();
  if (isBareResponse(error)) return <Text size="sm">{t('listing.errors.updateFailed')}</Text>;
  const messages = (responseErrors(t, error, options) ?? []).filter(Boolean);
  if (messages.length > 1) {
    return (
      <>
        <Text size="sm">{t('listing.errors.followingErrors')}</Text>
        <List size="sm" mt={4}>
          {messages.map((message, index) => (
            // The server may repeat a message (two fields, one problem): the position keeps keys apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole for each error
            <List.Item key={`${index}-${message}`}>{message}</List.Item>
          ))}
        </List>
      </>
    );
  }
  return (
    <Text size="sm">
      {messages[0] || exceptionMessage(t, error, options.language) || t('listing.errors.updateFailed')}
    </Text>
  );
}
