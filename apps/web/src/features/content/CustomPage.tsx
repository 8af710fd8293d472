import { useSearchParams } from 'react-router';
import { keyOf } from './api';
import { ContentPageView } from './PageView';
import styles from './content.module.css';

/** /pages/public/custom?key=…: a custom page (its text) by key, or "no introduction yet". */
export default function CustomPage() {
  const [params] = useSearchParams();
  const key = keyOf(params.get('key'));
  return (
    <div className={styles.page}>
      <ContentPageView key={key ?? ''} pageKeyValue={key} route="custom" />
    </div>
  );
}
