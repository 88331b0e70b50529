import type {
  CreatePortfolioItem,
  PortfolioFacets,
  PortfolioItem,
  PortfolioPage,
  PortfolioSearchMode,
  PortfolioSearchResult,
  UpdatePortfolioItem,
  UploadPortfolioFileResult,
} from '#contract/portfolio';
import { PORTFOLIO_MAX_FILES_PER_ITEM } from '#contract/portfolio';

import type { ResolvedModel } from '../../ai/registry.ts';
import type { PortfolioHit } from '../../ai/types.ts';
import type { Database } from '../../db/client.ts';
import { HttpError, notFound } from '../../http-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { generateKey, thumbnailKeyFor } from '../../storage/file-store.ts';
import { recordActivity } from '../activities/service.ts';
import * as fileRepo from './file-repo.ts';
import * as itemList from './item-list-repo.ts';
import * as repo from './repo.ts';
import { embedItem, searchPortfolio, type Embed } from './search.ts';
import { inspectUpload } from './upload.ts';

/** Rules of the portfolio area: ownership on every call, activity for every action. */

export type Embedder = { embed: Embed; model: string };

export type PortfolioDeps = {
  db: Database;
  store: FileStore;
  uploadMaxBytes: number;
  /** The configured provider's embedder, or null (no provider, or one without embeddings). */
  embedder: () => Promise<Embedder | null>;
  /** Citation counts per item, from the responses area. */
  countCitations: repo.CitationCounter;
  /** Called with work that should not hold up the response (embedding after an edit). */
  background?: (task: Promise<unknown>) => void;
};

export const STORAGE_AREA = 'portfolio';
/** A binned item can be restored for this long, then it is purged with its files. */
export const UNDO_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

const itemNotFound = () => notFound('Portfolio item');
const fileNotFound = () => notFound('File');

async function hydrateOne(deps: PortfolioDeps, row: repo.ItemRecord): Promise<PortfolioItem> {
  const [item] = await repo.hydrateItems(deps.db, [row], deps.countCitations);
  return item!;
}

function reembed(deps: PortfolioDeps, userId: string, itemId: string) {
  const task = (async () => {
    const embedder = await deps.embedder();
    if (embedder) await embedItem(deps.db, userId, itemId, embedder.embed, embedder.model);
  })().catch(() => {});
  if (deps.background) deps.background(task);
}

export async function listPortfolio(
  deps: PortfolioDeps,
  user: AuthUser,
  query: {
    skill?: string | undefined;
    industry?: string | undefined;
    limit: number;
    cursor?: string | undefined;
  },
): Promise<PortfolioPage> {
  const after = query.cursor ? itemList.decodePositionCursor(query.cursor) : undefined;
  const rows = await itemList.listItems(deps.db, user.id, {
    skill: query.skill,
    industry: query.industry,
    limit: query.limit + 1,
    after,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: await repo.hydrateItems(deps.db, page, deps.countCitations),
    nextCursor: rows.length > query.limit && last ? itemList.encodePositionCursor(last) : null,
  };
}

export async function portfolioFacets(
  deps: PortfolioDeps,
  user: AuthUser,
): Promise<PortfolioFacets> {
  return itemList.facets(deps.db, user.id);
}

export async function getPortfolioItem(
  deps: PortfolioDeps,
  user: AuthUser,
  id: string,
): Promise<PortfolioItem> {
  const row = await repo.findItem(deps.db, user.id, id);
  if (!row) throw itemNotFound();
  await recordActivity(deps.db, {
    userId: user.id,
    action: 'view_portfolio',
    details: { itemId: row.id, title: row.title },
  });
  return hydrateOne(deps, row);
}

export async function createPortfolioItem(
  deps: PortfolioDeps,
  user: AuthUser,
  body: CreatePortfolioItem,
): Promise<PortfolioItem> {
  const row = await repo.insertItem(deps.db, user.id, body);
  await recordActivity(deps.db, {
    userId: user.id,
    action: 'create_portfolio',
    details: { itemId: row.id, title: row.title },
  });
  reembed(deps, user.id, row.id);
  return hydrateOne(deps, row);
}

export async function updatePortfolioItem(
  deps: PortfolioDeps,
  user: AuthUser,
  id: string,
  patch: UpdatePortfolioItem,
): Promise<PortfolioItem> {
  const row = await repo.updateItem(deps.db, user.id, id, patch);
  if (!row) throw itemNotFound();
  await recordActivity(deps.db, {
    userId: user.id,
    action: 'update_portfolio',
    details: { itemId: row.id, title: row.title, fields: Object.keys(patch) },
  });
  reembed(deps, user.id, row.id);
  return hydrateOne(deps, row);
}

/** Moves the item to the bin (undo with restore). */
export async function binPortfolioItem(
  deps: PortfolioDeps,
  user: AuthUser,
  id: string,
): Promise<PortfolioItem> {
  const row = await repo.setDeleted(deps.db, user.id, id, true);
  if (!row) throw itemNotFound();
  await recordActivity(deps.db, {
    userId: user.id,
    action: 'delete_portfolio',
    details: { itemId: row.id, title: row.title, permanent: false },
  });
  return hydrateOne(deps, row);
}

export async function restorePortfolioItem(
  deps: PortfolioDeps,
  user: AuthUser,
  id: string,
): Promise<PortfolioItem> {
  const row = await repo.setDeleted(deps.db, user.id, id, false);
  if (!row) throw itemNotFound();
  await recordActivity(deps.db, {
    userId: user.id,
    action: 'update_portfolio',
    details: { itemId: row.id, title: row.title, restored: true },
  });
  return hydrateOne(deps, row);
}

/** Deletes the item now, with its files (no undo). Works on live and binned items. */
export async function deletePortfolioItemNow(
  deps: PortfolioDeps,
  user: AuthUser,
  id: string,
): Promise<void> {
  const existing = await repo.findItem(deps.db, user.id, id, { includeDeleted: true });
  if (!existing) throw itemNotFound();
  const keys = await repo.deleteItemRow(deps.db, user.id, id);
  if (!keys) throw itemNotFound();
  await deleteKeys(deps.store, keys);
  await recordActivity(deps.db, {
    userId: user.id,
    action: 'delete_portfolio',
    details: { itemId: id, title: existing.title, permanent: true, files: keys.length },
  });
}

export async function movePortfolioItem(
  deps: PortfolioDeps,
  user: AuthUser,
  id: string,
  afterId: string | null,
): Promise<PortfolioItem> {
  const row = await repo.moveItem(deps.db, user.id, id, afterId);
  if (!row) throw itemNotFound();
  await recordActivity(deps.db, {
    userId: user.id,
    action: 'update_portfolio',
    details: { itemId: row.id, title: row.title, movedAfter: afterId },
  });
  return hydrateOne(deps, row);
}

export async function uploadPortfolioFile(
  deps: PortfolioDeps,
  user: AuthUser,
  itemId: string,
  file: { fileName: string; data: Buffer },
): Promise<UploadPortfolioFileResult> {
  const item = await repo.findItem(deps.db, user.id, itemId);
  if (!item) throw itemNotFound();
  if ((await fileRepo.countFiles(deps.db, user.id, itemId)) >= PORTFOLIO_MAX_FILES_PER_ITEM) {
    throw new HttpError(
      409,
      'conflict',
      `An item can have at most ${PORTFOLIO_MAX_FILES_PER_ITEM} files; remove one before adding another.`,
    );
  }
  const inspected = await inspectUpload({ ...file, maxBytes: deps.uploadMaxBytes });
  const key = generateKey(STORAGE_AREA, user.id, inspected.ext);
  const thumbKey = inspected.thumbnail ? thumbnailKeyFor(key, 'webp') : null;
  await deps.store.put(key, file.data);
  try {
    if (thumbKey && inspected.thumbnail) await deps.store.put(thumbKey, inspected.thumbnail);
    const row = await fileRepo.insertFile(deps.db, {
      userId: user.id,
      itemId,
      originalName: inspected.originalName,
      storedName: key,
      mime: inspected.mime,
      sizeBytes: file.data.length,
      width: inspected.width,
      height: inspected.height,
      thumbnailName: thumbKey,
      extractedText: inspected.extractedText,
    });
    await recordActivity(deps.db, {
      userId: user.id,
      action: 'upload_portfolio',
      details: {
        itemId,
        fileId: row.id,
        name: inspected.originalName,
        mime: inspected.mime,
        sizeBytes: file.data.length,
        textChars: inspected.extractedText.length,
      },
    });
    reembed(deps, user.id, itemId);
    const fresh = await repo.findItem(deps.db, user.id, itemId);
    return { file: repo.toApiFile(row), item: await hydrateOne(deps, fresh ?? item) };
  } catch (error) {
    // No orphaned bytes: a failed insert removes what was written.
    await deleteKeys(deps.store, thumbKey ? [key, thumbKey] : [key]);
    throw error;
  }
}

export async function deletePortfolioFile(
  deps: PortfolioDeps,
  user: AuthUser,
  itemId: string,
  fileId: string,
): Promise<PortfolioItem> {
  const item = await repo.findItem(deps.db, user.id, itemId);
  if (!item) throw itemNotFound();
  const row = await fileRepo.deleteFileRow(deps.db, user.id, itemId, fileId);
  if (!row) throw fileNotFound();
  await deleteKeys(
    deps.store,
    row.thumbnailName ? [row.storedName, row.thumbnailName] : [row.storedName],
  );
  await recordActivity(deps.db, {
    userId: user.id,
    action: 'update_portfolio',
    details: { itemId, title: item.title, removedFile: row.originalName },
  });
  reembed(deps, user.id, itemId);
  const fresh = await repo.findItem(deps.db, user.id, itemId);
  return hydrateOne(deps, fresh ?? item);
}

/**
 * A file for download: the owner's, or any for an admin. Files of binned items are hidden
 * (they come back with undo). Another user's id is 404, never 403.
 */
export async function openPortfolioFile(
  deps: PortfolioDeps,
  user: AuthUser,
  fileId: string,
  variant: 'original' | 'thumbnail',
) {
  const row = await fileRepo.findFile(deps.db, user.role === 'admin' ? null : user.id, fileId);
  if (!row || row.itemDeleted) throw fileNotFound();
  const key = variant === 'thumbnail' ? row.thumbnailName : row.storedName;
  if (!key) throw new HttpError(404, 'not_found', 'This file has no thumbnail.');
  const opened = await deps.store.open(key);
  if (!opened) throw fileNotFound();
  return { file: row, ...opened };
}

export async function searchPortfolioFor(
  deps: PortfolioDeps,
  user: AuthUser,
  query: {
    q: string;
    mode: PortfolioSearchMode;
    limit: number;
    skill?: string | undefined;
    industry?: string | undefined;
  },
): Promise<PortfolioSearchResult> {
  const embedder = query.mode === 'ai' ? await deps.embedder().catch(() => null) : null;
  const result = await searchPortfolio(deps.db, {
    userId: user.id,
    query: query.q,
    limit: query.limit,
    mode: query.mode,
    embed: embedder?.embed ?? null,
    embeddingModel: embedder?.model ?? null,
    skill: query.skill,
    industry: query.industry,
    countCitations: deps.countCitations,
  });
  if (query.mode === 'text') {
    // The settings page asks whether AI search would work without running one.
    result.aiAvailable = (await deps.embedder().catch(() => null)) !== null;
  }
  await recordActivity(deps.db, {
    userId: user.id,
    action: query.mode === 'ai' ? 'ai_search_portfolio' : 'search_portfolio',
    searchName: query.q.slice(0, 200),
    details: {
      query: query.q.slice(0, 500),
      mode: result.mode,
      requestedMode: query.mode,
      results: result.results.length,
      ...(query.skill ? { skill: query.skill } : {}),
      ...(query.industry ? { industry: query.industry } : {}),
    },
  });
  return result;
}

/** Purges items binned longer than the undo window, with their files. */
export async function purgeExpiredItems(
  deps: Pick<PortfolioDeps, 'db' | 'store'>,
  now = new Date(),
): Promise<number> {
  const expired = await repo.listExpiredDeleted(
    deps.db,
    new Date(now.getTime() - UNDO_WINDOW_MS),
    100,
  );
  let purged = 0;
  for (const { id, userId } of expired) {
    const keys = await repo.deleteItemRow(deps.db, userId, id);
    if (keys) {
      await deleteKeys(deps.store, keys);
      purged += 1;
    }
  }
  return purged;
}

async function deleteKeys(store: FileStore, keys: string[]) {
  await Promise.all(keys.map((key) => store.delete(key).catch(() => {})));
}

/** Portfolio search scoped to the owner, in the shape the drafters and templates use. */
export function portfolioSearcher(db: Database, userId: string, model: ResolvedModel | null) {
  const batch = model?.embed ?? null;
  const embed = batch
    ? async (text: string) => {
        const [vector] = await batch([text]);
        return vector ?? null;
      }
    : null;
  return async (query: string, limit: number): Promise<PortfolioHit[]> => {
    const result = await searchPortfolio(db, {
      userId,
      query,
      limit,
      mode: embed ? 'ai' : 'text',
      embed,
      embeddingModel: model?.embeddingModelId
        ? `${model.provider}:${model.embeddingModelId}`
        : null,
    });
    return result.results.map(({ item }) => ({
      id: item.id,
      title: item.title,
      description: item.description,
      skills: item.skills,
      results: item.results || null,
      url: item.links[0]?.url ?? null,
    }));
  };
}
