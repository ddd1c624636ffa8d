package io.tandem.imports.domain;

/** A packaged chart (.tgz) in hand, and where it came from. */
@SuppressWarnings("ArrayRecordComponent") // the archive's bytes passed through, never compared
public record LoadedChart(byte[] archive, ChartOrigin origin) {}
