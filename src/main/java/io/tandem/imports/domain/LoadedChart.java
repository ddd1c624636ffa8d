package io.tandem.imports.domain;

/** A packaged chart (.tgz) in hand, and where it came from. */
public record LoadedChart(byte[] archive, ChartOrigin origin) {}
