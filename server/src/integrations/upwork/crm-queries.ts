import {
  createStoryAnswerSchema,
  roomListAnswerSchema,
  roomStoriesAnswerSchema,
  transactionHistoryAnswerSchema,
  vendorContractsAnswerSchema,
  vendorProposalsAnswerSchema,
  type ContractNode,
  type RoomNode,
  type StoryNode,
  type TransactionRowNode,
  type VendorProposalNode,
} from './crm-answers.ts';
import { UpworkError } from './errors.ts';
import type { UpworkGraphqlClient } from './graphql-client.ts';

/**
 * The Upwork operations behind messages, leads and transactions: the freelancer's rooms and
 * their stories (messages), sending a story, the freelancer's proposals on given jobs, their
 * contracts and their transaction history. Each list is read to its end, page by page (rooms,
 * stories and proposals use Relay pages; contracts use limit/offset), with a page cap so a
 * cursor that never ends cannot loop forever.
 */

const ROOM_PAGE = 50;
const STORY_PAGE = 50;
const PROPOSAL_PAGE = 10;
const CONTRACT_PAGE = 50;
const MAX_PAGES = 200;

/** Key permissions, named as the Upwork API Center lists them, for the missing-scope message. */
const COMMON = '"Common Entities - Read-Only Access"';
export const MESSAGE_READ_SCOPES = `${COMMON} and "Messaging - Read-Only Access"`;
export const MESSAGE_WRITE_SCOPES = `${COMMON} and "Messaging - Read and Write Access"`;
export const PROPOSAL_SCOPES = `${COMMON} and "Read marketplace Job Postings"`;
export const CONTRACT_SCOPES = `${COMMON} and "Contracts - Read and Write Access"`;
export const TRANSACTION_SCOPES = `${COMMON} and "Transaction History - Read-Only Access"`;

export const ROOM_LIST_QUERY = `query RoomList($filter: RoomFilter, $pagination: Pagination) {
  roomList(filter: $filter, pagination: $pagination) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { id roomName roomType numUnread contractId vendorProposal { id }
      roomUsers { user { id name } role }
      latestStory { id message createdDateTime } } }
  }
}`;

export const ROOM_STORIES_QUERY = `query RoomStories($filter: RoomStoryFilter) {
  roomStories(filter: $filter) {
    pageInfo { hasNextPage endCursor }
    edges { node { id message createdDateTime user { id name } } }
  }
}`;

export const CREATE_STORY_MUTATION = `mutation CreateRoomStory($input: RoomStoryCreateInputV2!) {
  createRoomStoryV2(input: $input) { id createdDateTime }
}`;

export const VENDOR_PROPOSALS_QUERY = `query VendorProposals($filter: VendorProposalFilter!, $sortAttribute: VendorProposalSortAttribute!, $pagination: Pagination!) {
  vendorProposals(filter: $filter, sortAttribute: $sortAttribute, pagination: $pagination) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { id status { status } auditDetails { createdDateTime } marketplaceJobPosting { id } } }
  }
}`;

export const VENDOR_CONTRACTS_QUERY = `query VendorContracts($filter: VendorContractSearchFilter!, $options: ContractOptionsInput, $paging: ContractPagingInput) {
  vendorContracts(filter: $filter, options: $options, paging: $paging) {
    paging { limit offset }
    contracts { id title status startDate offerId job { id } clientOrganization { id name }
      terms { fixedPriceTerms { fixedAmount { rawValue currency } } hourlyTerms { hourlyRate { rawValue currency } } } }
  }
}`;

export const TRANSACTION_HISTORY_QUERY = `query TransactionHistory($transactionHistoryFilter: TransactionHistoryFilter) {
  transactionHistory(transactionHistoryFilter: $transactionHistoryFilter) {
    transactionDetail { transactionHistoryRow { recordId transactionCreationDate type accountingSubtype
      description descriptionUI transactionAmount { rawValue currency } paymentStatus assignmentCompanyName } }
  }
}`;

/** Reads Relay pages until the last; `read` answers one page's nodes and its pageInfo. */
async function allPages<T>(
  read: (after: string | undefined) => Promise<{
    nodes: T[];
    pageInfo: { hasNextPage: boolean | null; endCursor: string | null } | null;
  }>,
): Promise<T[]> {
  const all: T[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { nodes, pageInfo } = await read(after);
    all.push(...nodes);
    const next = pageInfo?.endCursor;
    if (!pageInfo?.hasNextPage || !next || next === after || nodes.length === 0) break;
    after = next;
  }
  return all;
}

const present = <T>(value: T | null): value is T => value !== null;

/** Every room of the freelancer; with `activeSince`, only those with activity since then. */
export function fetchRooms(
  client: UpworkGraphqlClient,
  activeSince: Date | undefined,
): Promise<RoomNode[]> {
  return allPages(async (after) => {
    const data = await client.request(
      roomListAnswerSchema,
      ROOM_LIST_QUERY,
      {
        filter: activeSince ? { activeSince_eq: activeSince.toISOString() } : {},
        pagination: { first: ROOM_PAGE, ...(after ? { after } : {}) },
      },
      MESSAGE_READ_SCOPES,
    );
    const list = data.roomList;
    return {
      nodes: (list?.edges ?? []).map((edge) => edge.node).filter(present),
      pageInfo: list?.pageInfo ?? null,
    };
  });
}

/** A room's stories, created since `since` when given, in the order Upwork sends them. */
export function fetchRoomStories(
  client: UpworkGraphqlClient,
  roomId: string,
  since: Date | undefined,
): Promise<StoryNode[]> {
  return allPages(async (after) => {
    const data = await client.request(
      roomStoriesAnswerSchema,
      ROOM_STORIES_QUERY,
      {
        filter: {
          roomId_eq: roomId,
          storyFilter: {
            ...(since ? { storyCreatedDateTime_bt: { rangeStart: since.toISOString() } } : {}),
            pagination: { first: STORY_PAGE, ...(after ? { after } : {}) },
          },
        },
      },
      MESSAGE_READ_SCOPES,
    );
    const stories = data.roomStories;
    return {
      nodes: (stories?.edges ?? []).map((edge) => edge.node).filter(present),
      pageInfo: stories?.pageInfo ?? null,
    };
  });
}

/** Posts a message into a room as the freelancer; answers the new story's id and time. */
export async function postRoomStory(
  client: UpworkGraphqlClient,
  roomId: string,
  message: string,
): Promise<{ id: string; createdDateTime: string | null }> {
  const data = await client.request(
    createStoryAnswerSchema,
    CREATE_STORY_MUTATION,
    { input: { roomId, message } },
    MESSAGE_WRITE_SCOPES,
  );
  if (!data.createRoomStoryV2) throw new UpworkError('graphql', 'Upwork did not post the message.');
  return data.createRoomStoryV2;
}

/** The freelancer's proposals on these jobs (newest first). */
export function fetchVendorProposals(
  client: UpworkGraphqlClient,
  jobPostingIds: string[],
): Promise<VendorProposalNode[]> {
  return allPages(async (after) => {
    const data = await client.request(
      vendorProposalsAnswerSchema,
      VENDOR_PROPOSALS_QUERY,
      {
        filter: { jobPostingIds_any: jobPostingIds, status_eq: 'Active' },
        sortAttribute: { field: 'CREATEDDATETIME', sortOrder: 'DESC' },
        pagination: { first: PROPOSAL_PAGE, ...(after ? { after } : {}) },
      },
      PROPOSAL_SCOPES,
    );
    const list = data.vendorProposals;
    return {
      nodes: (list?.edges ?? []).map((edge) => edge.node).filter(present),
      pageInfo: list?.pageInfo ?? null,
    };
  });
}

/** Every contract of the vendor (the freelancer's Upwork user id), with its terms. */
export async function fetchVendorContracts(
  client: UpworkGraphqlClient,
  vendorId: string,
): Promise<ContractNode[]> {
  const all: ContractNode[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const data = await client.request(
      vendorContractsAnswerSchema,
      VENDOR_CONTRACTS_QUERY,
      {
        filter: { vendorId },
        options: { addTerms: true },
        paging: { limit: CONTRACT_PAGE, offset: page * CONTRACT_PAGE },
      },
      CONTRACT_SCOPES,
    );
    const contracts = data.vendorContracts?.contracts ?? [];
    all.push(...contracts);
    if (contracts.length < CONTRACT_PAGE) break;
  }
  return all;
}

/** The transaction history between two days (yyyy-mm-dd, both included). */
export async function fetchTransactionHistory(
  client: UpworkGraphqlClient,
  range: { from: string; to: string },
): Promise<TransactionRowNode[]> {
  const data = await client.request(
    transactionHistoryAnswerSchema,
    TRANSACTION_HISTORY_QUERY,
    {
      transactionHistoryFilter: {
        transactionDateTime_bt: { rangeStart: range.from, rangeEnd: range.to },
      },
    },
    TRANSACTION_SCOPES,
  );
  return data.transactionHistory?.transactionDetail?.transactionHistoryRow ?? [];
}
