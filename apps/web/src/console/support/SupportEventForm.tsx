import type { ReactNode } from 'react';
import { Button, Input, Switch, TextArea, Toast } from 'antd-mobile';
import { Controller, useFieldArray, useForm, type Control, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ConsoleSupportEventCreateBodySchema,
  ConsoleSupportEventUpdateBodySchema,
  SUPPORT_LIMITS,
  type ConsoleSupportApplication,
  type ConsoleSupportEvent,
} from '@petheart/contracts';
import { useMessage } from '../../shared/i18n';
import { ImageField } from '../shared/content-ui';
import { bodyResolver } from '../shared/forms';
import { listErrorOf } from '../shared/settings-ui';
import {
  blankItem,
  createEventBody,
  eventToForm,
  newEventForm,
  updateEventBody,
  type EventFormValues,
} from './support-forms';
import { FormRow } from '../shared/ui';
import { useSupportApi } from './api';
import styles from '../shared/admin.module.css';
import money from '../shared/money.module.css';
import own from '../shared/operator-console.module.css';

export type EventFormMode =
  { kind: 'create'; application: ConsoleSupportApplication } | { kind: 'edit'; event: ConsoleSupportEvent };

type ItemField = 'title' | 'price' | 'gift' | 'target';

/** One text cell of an item row, its message under it. */
function ItemCell<B>({
  control,
  index,
  name,
  label,
  numeric = false,
  maxLength,
}: {
  control: Control<EventFormValues, unknown, B>;
  index: number;
  name: ItemField;
  label: string;
  numeric?: boolean;
  maxLength: number;
}) {
  const message = useMessage();
  return (
    <Controller
      control={control}
      name={`items.${index}.${name}`}
      render={({ field, fieldState }) => (
        <td>
          <input
            className={numeric ? `${money.cellInput ?? ''} ${money.narrow ?? ''}` : money.cellInput}
            aria-label={label}
            aria-invalid={fieldState.error ? true : undefined}
            inputMode={numeric ? 'numeric' : undefined}
            value={field.value}
            maxLength={maxLength}
            onChange={(e) => {
              field.onChange(e.currentTarget.value);
            }}
            onBlur={field.onBlur}
          />
          {fieldState.error?.message ? (
            <div className={money.cellError}>{message(fieldState.error.message)}</div>
          ) : null}
        </td>
      )}
    />
  );
}

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
  const submit = handleSubmit(async (body) => {
    let saved: ConsoleSupportEvent;
    try {
      saved = await send(body);
    } catch {
      return; // the API client has shown why
    }
    Toast.show({ content: editing ? t('supportEvents.saved') : t('supportEvents.published'), icon: 'success' });
    onSaved(saved);
  });
  const cell = (name: ItemField, i: number) =>
    t('supportEvents.field', { field: t(`supportEvents.${name === 'title' ? 'itemTitle' : name}`), n: i + 1 });
  const listError = listErrorOf(formState.errors.items);

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-label={title}>
      <h2 className={styles.formTitle}>{title}</h2>
      <div className={styles.formBody}>
        {intro}
        <Controller
          control={control}
          name="title"
          render={({ field, fieldState }) => (
            <FormRow label={t('supportEvents.eventTitle')} htmlFor="event-title" error={fieldState.error?.message}>
              <Input
                id="event-title"
                className={styles.input}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                maxLength={80}
              />
            </FormRow>
          )}
        />
        <Controller
          control={control}
          name="description"
          render={({ field, fieldState }) => (
            <FormRow
              label={t('supportEvents.description')}
              htmlFor="event-description"
              error={fieldState.error?.message}
            >
              <TextArea
                id="event-description"
                className={styles.input}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                autoSize={{ minRows: 3, maxRows: 8 }}
                maxLength={5000}
              />
            </FormRow>
          )}
        />
        <Controller
          control={control}
          name="cover"
          render={({ field, fieldState }) => (
            <FormRow label={t('supportEvents.cover')} error={fieldState.error?.message}>
              <ImageField value={field.value} onChange={field.onChange} label={t('supportEvents.cover')} wide />
            </FormRow>
          )}
        />
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
                <ItemCell control={control} index={i} name="title" label={cell('title', i)} maxLength={60} />
                {row.itemId ? (
                  <td className={`${money.number ?? ''} ${own.cellText ?? ''}`}>{row.price}</td>
                ) : (
                  <ItemCell control={control} index={i} name="price" label={cell('price', i)} numeric maxLength={7} />
                )}
                <ItemCell control={control} index={i} name="gift" label={cell('gift', i)} maxLength={200} />
                <ItemCell control={control} index={i} name="target" label={cell('target', i)} numeric maxLength={8} />
                <td className={`${money.number ?? ''} ${own.cellText ?? ''}`}>{row.itemId ? row.completed : '—'}</td>
                <td>
                  {row.itemId ? null : (
                    <Button
                      size="mini"
                      fill="outline"
                      color="danger"
                      aria-label={t('supportEvents.removeItem', { n: i + 1 })}
                      onClick={() => {
                        items.remove(i);
                      }}
                    >
                      ×
                    </Button>
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
      <div className={styles.formFooter}>
        <Button onClick={onClose}>{t('supportEvents.cancel')}</Button>
        <Button color="primary" type="submit" loading={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
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
  const api = useSupportApi();
  if (mode.kind === 'create') {
    const app = mode.application;
    return (
      <EventFormBody
        title={t('supportEvents.createTitle', { name: app.name })}
        defaults={newEventForm(app)}
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
      defaults={eventToForm(event)}
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
