package io.tandem.imports.domain;

/** What a chart says of itself in its Chart.yaml. */
public record ChartMetadata(String name, String version, String appVersion) {}
