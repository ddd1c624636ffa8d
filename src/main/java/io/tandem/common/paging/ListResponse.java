package io.tandem.common.paging;

import java.util.List;

/** A page of a list: the items and an opaque cursor for the next page, {@code null} on the last one. */
public record ListResponse<T>(List<T> items, String nextCursor) {}
