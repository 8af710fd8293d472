import type { ReactNode } from 'react';
import { Button, Switch } from 'antd-mobile';
import { Controller, useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ConsoleSupportEventCreateBodySchema,
  ConsoleSupportEventUpdateBodySchema,
  SUPPORT_LIMITS,
  type ConsoleSupportApplication,
  type ConsoleSupportEvent,
} from '@petheart/contracts';
import { useLanguage, useMessage } from '../../shared/i18n';
import { ImageField } from '../shared/content-ui';
import { FieldRow, TextAreaField, TextField } from '../shared/fields';
import { bodyResolver } from '../shared/forms';
import { CellField, listErrorOf } from '../shared/settings-ui';
import { TranslationsEditor } from '../shared/translations-ui';
import { FormFooter, RemoveButton, saveWithToast } from '../shared/ui';
import {
  blankItem,
  createEventBody,
  eventToForm,
  newEventForm,
  updateEventBody,
  type EventFormValues,
} from './support-forms';
import { useSupportApi } from './api';
import styles from '../shared/admin.module.css';
import money from '../shared/money.module.css';
import own from '../shared/operator-console.module.css';

export type EventFormMode =
  { kind: 'create'; application: ConsoleSupportApplication } | { kind: 'edit'; event: ConsoleSupportEvent };

type ItemField = 'title' | 'price' | 'gift' | 'target';

function EventFormBody<B>({
  title,
  defaults,
  resolver,
  send,
  editing,
  submitLabel,
  intro,
  onClose,
  onSaved,
}: {
  title: string;
  intro?: ReactNode;
  defaults: EventFormValues;
  resolver: Resolver<EventFormValues, unknown, B>;
  send: (body: B) => Promise<ConsoleSupportEvent>;
  editing: boolean;
  submitLabel: string;
  onClose: () => void;
  onSaved: (saved: ConsoleSupportEvent) => void;
}) {
  const { t } = useTranslation('admin');
  const message = useMessage();
  const { control, handleSubmit, formState } = useForm<EventFormValues, unknown, B>({
    resolver,
    defaultValues: defaults,
  });
  const items = useFieldArray({ control, name: 'items' });
  const submit = handleSubmit((body) =>
    saveWithToast(() => send(body), editing ? t('supportEvents.saved') : t('supportEvents.published'), onSaved),
  );
  /** One text cell of item row `i` (numbers in a narrow cell), named by its column and row. */
  const cell = (i: number, name: ItemField, maxLength: number, numeric = false) => (
    <CellField
      control={control}
      name={`items.${i}.${name}`}
      label={t('supportEvents.field', {
        field: t(`supportEvents.${name === 'title' ? 'itemTitle' : name}`),
        n: i + 1,
      })}
      narrow={numeric}
      numeric={numeric ? 'numeric' : false}
      maxLength={maxLength}
    />
  );
  const listError = listErrorOf(formState.errors.items);

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-label={title}>
      <h2 className={styles.formTitle}>{title}</h2>
      <div className={styles.formBody}>
        {intro}
        <TextField
          control={control}
          name="title"
          id="event-title"
          label={t('supportEvents.eventTitle')}
          maxLength={80}
        />
        <TextAreaField
          control={control}
          name="description"
          id="event-description"
          label={t('supportEvents.description')}
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={5000}
        />
        <TranslationsEditor
          control={control}
          idPrefix="event"
          fields={[
            { key: 'title', label: t('supportEvents.eventTitle'), maxLength: 80 },
            { key: 'description', label: t('supportEvents.description'), maxLength: 5000, rows: 3 },
          ]}
        />
        <FieldRow control={control} name="cover" label={t('supportEvents.cover')}>
          {(field) => (
            <ImageField value={field.value} onChange={field.onChange} label={t('supportEvents.cover')} wide />
          )}
        </FieldRow>
        {editing ? (
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <label className={styles.switchRow}>
                <Switch
                  checked={field.value === 'live'}
                  onChange={(on) => {
                    field.onChange(on ? 'live' : 'closed');
                  }}
                />{' '}
                {t('supportEvents.live')}
              </label>
            )}
          />
        ) : null}
        <h3 className={styles.formLabel}>{t('supportEvents.itemsHeading')}</h3>
        <p className={styles.formHint}>{t('supportEvents.itemsHint')}</p>
        <table className={money.editTable}>
          <thead>
            <tr>
              <th>{t('supportEvents.itemTitle')}</th>
              <th>{t('supportEvents.price')}</th>
              <th>{t('supportEvents.gift')}</th>
              <th>{t('supportEvents.target')}</th>
              <th>{t('supportEvents.given')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {items.fields.map((row, i) => (
              <tr key={row.id} data-testid={`item-row-${String(i)}`}>
                {cell(i, 'title', 60)}
                {row.itemId ? (
                  <td className={`${money.number ?? ''} ${own.cellText ?? ''}`}>{row.price}</td>
                ) : (
                  cell(i, 'price', 7, true)
                )}
                {cell(i, 'gift', 200)}
                {cell(i, 'target', 8, true)}
                <td className={`${money.number ?? ''} ${own.cellText ?? ''}`}>{row.itemId ? row.completed : '—'}</td>
                <td>
                  {row.itemId ? null : (
                    <RemoveButton
                      label={t('supportEvents.removeItem', { n: i + 1 })}
                      onRemove={() => {
                        items.remove(i);
                      }}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className={money.editorFooter}>
          <Button
            size="small"
            disabled={items.fields.length >= SUPPORT_LIMITS.maxItemsPerEvent}
            onClick={() => {
              items.append(blankItem());
            }}
          >
            {t('supportEvents.addItem')}
          </Button>
          {listError ? (
            <span className={money.error} role="alert">
              {message(listError)}
            </span>
          ) : null}
        </div>
      </div>
      <FormFooter
        onCancel={onClose}
        submitting={formState.isSubmitting}
        submitLabel={submitLabel}
        cancelLabel={t('supportEvents.cancel')}
      />
    </form>
  );
}

/**
 * Publishing an event for an approved application (its items: title, coins per point, what a point gives,
 * target points), or editing one: texts, cover, live/closed, the items' texts and targets, new items.
 */
export function SupportEventForm({
  mode,
  intro,
  onClose,
  onSaved,
}: {
  mode: EventFormMode;
  /** Shown above the fields (e.g. what the event has raised). */
  intro?: ReactNode;
  onClose: () => void;
  onSaved: (saved: ConsoleSupportEvent) => void;
}) {
  const { t } = useTranslation('admin');
  const { locale } = useLanguage();
  const api = useSupportApi();
  if (mode.kind === 'create') {
    const app = mode.application;
    return (
      <EventFormBody
        title={t('supportEvents.createTitle', { name: app.name })}
        defaults={newEventForm(app, locale)}
        resolver={bodyResolver(ConsoleSupportEventCreateBodySchema, (v: EventFormValues) => createEventBody(app.id, v))}
        send={api.createEvent}
        editing={false}
        submitLabel={t('supportEvents.publish')}
        onClose={onClose}
        onSaved={onSaved}
      />
    );
  }
  const event = mode.event;
  return (
    <EventFormBody
      title={t('supportEvents.editTitle', { id: event.id })}
      defaults={eventToForm(event, locale)}
      resolver={bodyResolver(ConsoleSupportEventUpdateBodySchema, (v: EventFormValues) => updateEventBody(event.id, v))}
      send={api.updateEvent}
      editing
      submitLabel={t('supportEvents.save')}
      intro={intro}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
