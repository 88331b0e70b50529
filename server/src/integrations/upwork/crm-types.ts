/**
 * What the Upwork client answers for the CRM queries (rooms, stories, proposals, contracts,
 * transaction history), mapped from Upwork's GraphQL shapes: money as minor units, times as Dates.
 */

export type UpworkRoom = {
  id: string;
  roomName: string;
  roomType: string;
  numUnread: number;
  /** The vendor proposal (proposal rooms) or other object the room is about. */
  objectReferenceId: string | null;
  contractId: string | null;
  /** The other participant (the client), when the room lists them. */
  clientUserId: string | null;
  clientName: string | null;
  latestStory: { id: string; message: string; createdAt: Date } | null;
};

export type UpworkStory = {
  id: string;
  message: string;
  createdAt: Date;
  userId: string;
  userName: string;
};

export type UpworkVendorProposal = {
  id: string;
  jobPostingId: string;
  status: string;
  createdAt: Date;
};

export type UpworkContract = {
  id: string;
  title: string;
  status: string;
  startDate: string | null;
  offerId: string | null;
  /** The marketplace job the contract came from, when Upwork says. */
  jobPostingId: string | null;
  clientName: string;
  type: 'fixed' | 'hourly';
  /** Fixed amount or hourly rate, in minor units. */
  amountMinor: number;
  currency: string;
};

export type UpworkTransactionRow = {
  recordId: string;
  /** yyyy-mm-dd */
  date: string;
  /** Upwork's type and accounting subtype, as written. */
  type: string;
  subtype: string;
  description: string;
  /** Signed amount in minor units (negative for fees and withdrawals). */
  amountMinor: number;
  currency: string;
  companyName: string;
  /** The contract the row is for, when the description names it. */
  contractId: string | null;
};
