import { describe, expect, it } from 'vitest';
import { OriginClient, type Fetch } from './origin';

/** nginx-rtmp's /stat: one publishing stream and one only played in `live`, one publishing in another app. */
const STAT = `<?xml version="1.0" encoding="utf-8" ?>
<rtmp><server><application><name>live</name><live>
<stream><name>PH-0001</name><time>5000</time><client><id>3</id><publishing/><active/></client><publishing/><active/></stream>
<stream><name>PH-0002</name><time>10</time><client><id>4</id></client></stream>
<nclients>2</nclients></live></application>
<application><name>other</name><live><stream><name>PH-0003</name><publishing/></stream></live></application>
</server></rtmp>`;

const PLAYLIST = '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.000,\n100.ts\n#EXTINF:1.000,\n101.ts\n';

function origin(pages: Record<string, string>, asked: string[] = []) {
  const fetchFn: Fetch = (input) => {
    const url = input instanceof Request ? input.url : input.toString();
    asked.push(url);
    const page = pages[url.replace('http://origin:8090', '')];
    return Promise.resolve(new Response(page ?? 'not found', { status: page === undefined ? 404 : 200 }));
  };
  return new OriginClient('http://origin:8090', 'live', fetchFn);
}

describe('OriginClient', () => {
  it('lists the streams publishing in its application only', async () => {
    expect([...(await origin({ '/stat': STAT }).publishing())]).toEqual(['PH-0001']);
  });

  it('gives clips and stills the origin’s own segment addresses', async () => {
    const client = origin({ '/hls/PH-0001/index.m3u8': PLAYLIST });
    expect(await client.recent('PH-0001', 1_500)).toEqual({
      files: ['http://origin:8090/hls/PH-0001/100.ts', 'http://origin:8090/hls/PH-0001/101.ts'],
      durationMs: 2000,
    });
    expect(await client.newestSegment('PH-0001')).toBe('http://origin:8090/hls/PH-0001/101.ts');
    // A stream the origin does not have: nothing, not an error.
    expect(await client.recent('PH-0002', 1_500)).toEqual({ files: [], durationMs: 0 });
    expect(await client.newestSegment('PH-0002')).toBeUndefined();
  });

  it('drops a publisher through nginx-rtmp’s control, and says when the origin refuses', async () => {
    const asked: string[] = [];
    await origin({ '/control/drop/publisher?app=live&name=PH-0001': '1' }, asked).dropPublisher('PH-0001');
    expect(asked).toEqual(['http://origin:8090/control/drop/publisher?app=live&name=PH-0001']);
    await expect(origin({}).publishing()).rejects.toThrow(/answered 404 to \/stat/);
  });
});
