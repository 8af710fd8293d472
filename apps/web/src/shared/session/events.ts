/** App-wide events (spec §4): login, logout and location updates. */
export interface AppEvents {
  loginSuccess: undefined;
  logout: undefined;
  updateLocation: AppLocation;
}

export interface AppLocation {
  longitude: number;
  latitude: number;
  province: string;
  city: string;
  area: string;
}

/** Spec §3: the default location is Shanghai, Huangpu. */
export const DEFAULT_LOCATION: AppLocation = {
  longitude: 121.49295,
  latitude: 31.22337,
  province: '上海市',
  city: '上海市',
  area: '黄浦区',
};

type Listener<K extends keyof AppEvents> = (payload: AppEvents[K]) => void;

export interface EventBus {
  on<K extends keyof AppEvents>(name: K, listener: Listener<K>): () => void;
  emit<K extends keyof AppEvents>(name: K, payload: AppEvents[K]): void;
}

export function createEventBus(): EventBus {
  const listeners = new Map<keyof AppEvents, Set<(p: never) => void>>();
  return {
    on(name, listener) {
      let set = listeners.get(name);
      if (!set) {
        set = new Set();
        listeners.set(name, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    emit(name, payload) {
      for (const l of [...(listeners.get(name) ?? [])]) (l as Listener<typeof name>)(payload);
    },
  };
}
