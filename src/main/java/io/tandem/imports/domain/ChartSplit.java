package io.tandem.imports.domain;

/** How a chart's rendering is cut into units: one for the whole chart, or one per kind. */
public enum ChartSplit { chart, kind }
