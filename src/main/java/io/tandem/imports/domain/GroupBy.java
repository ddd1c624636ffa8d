package io.tandem.imports.domain;

/**
 * How a rendering (a Helm chart, a Kustomize folder) is cut into units: per app (its {@code app.kubernetes.io/name}
 * or {@code app} label, or an app its name carries), per namespace, per object, per kind, or one unit for the whole
 * rendering ({@code chart}).
 */
public enum GroupBy { app, namespace, object, kind, chart }
