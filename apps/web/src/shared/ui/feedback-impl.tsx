import { Dialog, Toast } from 'antd-mobile';

/** antd-mobile's imperative Toast and Dialog (with their animation library), loaded on first use. */
export function showToast(content: string, duration: number) {
  Toast.show({ content, duration });
}

export function showAlert(title: string, content: string) {
  return Dialog.alert({ title, 'aria-label': title, content: <div className="ph-error-detail">{content}</div> });
}

/** A confirmation; `buttons` names its two actions when OK and Cancel would not say what they do. */
export function showConfirm(title: string, content: string, buttons?: { confirmText: string; cancelText: string }) {
  return Dialog.confirm({ title, 'aria-label': title, content, ...buttons });
}
