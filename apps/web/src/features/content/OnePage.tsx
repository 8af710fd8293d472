import { useSearchParams } from 'react-router';
import { keyOf } from './api';
import { ContentPageView } from './PageView';
import styles from './content.module.css';

/** /pages/public/onePage?key=…: a single page (its text) by key, or "no introduction yet". */
export default function OnePage() {
  const [params] = useSearchParams();
  const key = keyOf(params.get('key'));
  return (
    <div className={styles.page}>
      <ContentPageView key={key ?? ''} pageKeyValue={key} route="onePage" />
    </div>
  );
}
