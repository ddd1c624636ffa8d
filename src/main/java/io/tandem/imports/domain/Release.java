package io.tandem.imports.domain;

/**
 * What a chart is rendered for: a release name, a namespace ({@code .Release.Namespace}) and values (YAML text,
 * "" for the chart's own).
 */
public record Release(String name, String namespace, String values) {}
