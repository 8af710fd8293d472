import { useState } from 'react';
import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { DeviceCareEntry } from '@petheart/contracts';
import { Ellipsis } from '../shared/cells';
import { useConsoleList } from '../shared/console-list';
import { Drawer } from '../shared/DataTable';
import { DetailList } from '../shared/detail';
import { ListTable, useDetailDrawer } from '../shared/ListScreen';
import styles from '../shared/admin.module.css';
import { careLists } from './api';
import { CareAnswer } from './CareAnswer';
import { STATUS_COLORS, useCareText } from './care-text';
import { careKeys } from './keys';
import own from './device-care.module.css';

/** One care command in the drawer: who sent what when, its status and times, then its whole answer. */
function CareEntryDetail({ entry: e, onClose }: { entry: DeviceCareEntry; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const text = useCareText();
  return (
    <div className={styles.form}>
      <h2 className={styles.formTitle}>{t('care.log.detailTitle', { what: text.what(e) })}</h2>
      <div className={styles.formBody}>
        <DetailList
          rows={[
            [t('care.log.when'), text.when(e.issued_at)],
            [t('care.log.who'), e.issued_by?.name ?? '—'],
            [t('care.log.status'), text.status(e)],
            [t('care.log.answeredAt'), text.when(e.answered_at)],
            [t('care.log.id'), e.id],
          ]}
        />
        <CareAnswer entry={e} />
      </div>
      <div className={styles.formFooter}>
        <Button onClick={onClose}>{t('shared.close')}</Button>
      </div>
    </div>
  );
}

/** The station's care log, newest first and paged: when, who, what, status and outcome; a row opens its detail. */
export function CareLog({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('admin');
  const text = useCareText();
  const [page, setPage] = useState(1);
  const drawer = useDetailDrawer<DeviceCareEntry>();
  const list = useConsoleList({
    key: careKeys.log(deviceId, page),
    endpoint: careLists.log,
    paging: { page, setPage },
    data: { device_id: deviceId },
  });
  return (
    <section className={styles.panel} aria-labelledby="care-log-title">
      <h2 id="care-log-title" className={own.heading}>
        {t('care.log.title')}
      </h2>
      <ListTable
        list={list}
        columns={[
          t('care.log.when'),
          t('care.log.who'),
          t('care.log.what'),
          t('care.log.status'),
          t('care.log.outcome'),
          t('devices.actions'),
        ]}
        empty={t('care.log.empty')}
        row={(e) => (
          <tr key={e.id} data-testid={`care-row-${e.id}`}>
            <td>{text.when(e.issued_at)}</td>
            <td>{e.issued_by?.name ?? '—'}</td>
            <td>{text.what(e)}</td>
            <td>
              <Tag color={STATUS_COLORS[e.status]} fill="outline">
                {text.status(e)}
              </Tag>
            </td>
            <td>
              <Ellipsis text={e.detail?.message ? `${text.outcome(e)}: ${e.detail.message}` : text.outcome(e)} />
            </td>
            <td>
              <Button
                size="mini"
                onClick={() => {
                  drawer.open(e);
                }}
              >
                {t('care.log.details')}
              </Button>
            </td>
          </tr>
        )}
      />
      <Drawer open={drawer.shown !== null} onClose={drawer.close}>
        {drawer.shown ? <CareEntryDetail entry={drawer.shown} onClose={drawer.close} /> : null}
      </Drawer>
    </section>
  );
}
