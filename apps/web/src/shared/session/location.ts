import { DEFAULT_LOCATION, type AppLocation } from './events';

/**
 * The device location when the browser gives one (without asking unless `prompt`), else the default (Shanghai).
 * Province/city/area are only known for the default (no reverse geocoding yet): a device fix leaves them empty.
 */
export async function locate(nav: Navigator, prompt: boolean, timeoutMs = 10_000): Promise<AppLocation> {
  const geo = nav.geolocation as Geolocation | undefined;
  if (!geo) return DEFAULT_LOCATION;
  if (!prompt) {
    try {
      const status = await nav.permissions.query({ name: 'geolocation' });
      if (status.state !== 'granted') return DEFAULT_LOCATION;
    } catch {
      return DEFAULT_LOCATION;
    }
  }
  return new Promise((resolve) => {
    geo.getCurrentPosition(
      (pos) => {
        resolve({
          longitude: pos.coords.longitude,
          latitude: pos.coords.latitude,
          province: '',
          city: '',
          area: '',
        });
      },
      () => {
        resolve(DEFAULT_LOCATION);
      },
      { timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
