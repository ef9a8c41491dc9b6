// What the identity calls answer with, shared by the API and the console.

/** The seed's person info: saved by the console after sign-in and read from /api/user/info. */
export interface PersonInfo {
  id: string;
  name: string;
  role: string;
  account: string;
  ding_talk_account: string | null;
}

export interface TeamView {
  id: string;
  name: string;
  organisationId: string;
  hiveId: string;
  size: number;
  mobile: string;
  members: number;
  createdAt: string;
  version: string;
}

/** One line of the management log (getoperatehistory), described in the caller's language. */
export interface ManagementLogEntry {
  id: string;
  user_name: string;
  role: string | null;
  operation: string;
  event_type: string;
  created_at: string;
}
