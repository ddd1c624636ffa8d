package io.tandem.imports.domain;

/**
 * A chart rendered as {@code helm template} would: its metadata, the CRDs of its {@code crds/} folders (its
 * dependencies' included) and the manifests its templates made, as multi-document YAML. Hooks are not among them.
 */
public record RenderedChart(ChartMetadata chart, String crds, String manifests) {}
