// The two paged shapes of the spec, built in one place.

export interface PageRequest {
  page: number;
  size: number;
}

/** External v2 (appointments, patients, attendances) and the portals: `{content, total, page, size, totalPages}`. */
export const pageOf = <T>(content: T[], total: number, paging: PageRequest) => ({
  content,
  total,
  page: paging.page,
  size: paging.size,
  totalPages: Math.ceil(total / paging.size),
});

/** External messages, the statement and the admin lists: `{content, totalElements, totalPages, number, size}`. */
export const elementsPageOf = <T>(content: T[], total: number, paging: PageRequest) => ({
  content,
  totalElements: total,
  totalPages: Math.ceil(total / paging.size),
  number: paging.page,
  size: paging.size,
});
