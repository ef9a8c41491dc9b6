// The catalog entries the item's dialogs pick from; the page hands in how to read them, since features do not import each other.
export interface ErrorGroupChoice {
  id: string;
  name: string;
  values: { name: string }[];
}

export interface ReasonChoice {
  id: string;
  code: string;
  name: string;
}

export interface ChoicesRead<T> {
  data?: T[];
  error: unknown;
  isPending: boolean;
}

export interface CatalogChoices {
  /** False where the permission table keeps the catalog from this person: the dialog says so instead of asking. */
  readable: boolean;
  useErrorGroups: (enabled: boolean) => ChoicesRead<ErrorGroupChoice>;
  useInvalidReasons: (enabled: boolean) => ChoicesRead<ReasonChoice>;
}
