import type { MouseEvent } from 'react';
import { isSafeHref, type ContentBody as Body, type ContentInline } from '@petheart/contracts';
import { imageUrl } from '../format';
import { isExternalUrl } from '../navigation/paths';
import styles from './content-body.module.css';

export interface ContentBodyProps {
  body: Body;
  /** The configuration's asset host (image paths starting with / are prefixed with it). */
  assetHost: string;
  /** Opens a link to a path of this app (pushed); http(s) links open outside in a new tab. */
  onNavigate: (path: string) => void;
  className?: string | undefined;
}

function Inline({ nodes, onNavigate }: { nodes: ContentInline[]; onNavigate: (path: string) => void }) {
  return (
    <>
      {nodes.map((n, i) => {
        switch (n.type) {
          case 'text':
            return <span key={i}>{n.text}</span>;
          case 'strong':
            return <strong key={i}>{n.text}</strong>;
          case 'em':
            return <em key={i}>{n.text}</em>;
          case 'break':
            return <br key={i} />;
          case 'link': {
            // The server only sends safe addresses; anything else is shown as the text it is.
            if (!isSafeHref(n.href)) return <span key={i}>{n.text}</span>;
            if (isExternalUrl(n.href)) {
              return (
                <a key={i} href={n.href} target="_blank" rel="noopener noreferrer">
                  {n.text}
                </a>
              );
            }
            return (
              <a
                key={i}
                href={n.href}
                onClick={(e: MouseEvent) => {
                  e.preventDefault();
                  onNavigate(n.href);
                }}
              >
                {n.text}
              </a>
            );
          }
        }
      })}
    </>
  );
}

/**
 * An article's or page's body from its parsed block tree (packages/contracts content-body.ts): every node
 * becomes a React element whose text is text. No server text ever reaches the page as HTML.
 */
export function ContentBody({ body, assetHost, onNavigate, className }: ContentBodyProps) {
  return (
    <div className={className ? `${styles.body ?? ''} ${className}` : styles.body}>
      {body.map((block, i) => {
        switch (block.type) {
          case 'paragraph':
            return (
              <p key={i}>
                <Inline nodes={block.content} onNavigate={onNavigate} />
              </p>
            );
          case 'heading':
            return block.level === 2 ? (
              <h2 key={i}>
                <Inline nodes={block.content} onNavigate={onNavigate} />
              </h2>
            ) : (
              <h3 key={i}>
                <Inline nodes={block.content} onNavigate={onNavigate} />
              </h3>
            );
          case 'list': {
            const items = block.items.map((item, j) => (
              <li key={j}>
                <Inline nodes={item} onNavigate={onNavigate} />
              </li>
            ));
            return block.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
          }
          case 'quote':
            return (
              <blockquote key={i}>
                <Inline nodes={block.content} onNavigate={onNavigate} />
              </blockquote>
            );
          case 'image':
            return (
              <figure key={i}>
                <img src={imageUrl(block.src, assetHost)} alt={block.alt} loading="lazy" />
                {block.alt ? <figcaption>{block.alt}</figcaption> : null}
              </figure>
            );
        }
      })}
    </div>
  );
}
