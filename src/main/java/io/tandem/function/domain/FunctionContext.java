package io.tandem.function.domain;

import io.tandem.common.yaml.KubernetesYaml;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a function works on: the unit's resources as editable trees (maps keep their key order), and where it puts
 * its outputs and findings. One context serves all functions of one call on one unit, in order.
 */
public final class FunctionContext {

  /** A value a readonly function read, or the would-be data of a dry run. */
  public record Output(String function, String resource, String path, Object value) {}

  /** Something a validating function found wrong. */
  public record Finding(String function, String resource, String path, String message) {}

  private final String space;
  private final String unit;
  private final List<Map<String, Object>> resources;
  private final List<Output> outputs = new ArrayList<>();
  private final List<Finding> findings = new ArrayList<>();
  private String function;

  public FunctionContext(String space, String unit, List<Map<String, Object>> resources) {
    this.space = space;
    this.unit = unit;
    this.resources = resources;
  }

  public String space() {
    return space;
  }

  public String unit() {
    return unit;
  }

  /** The resources, in document order; functions may edit them, add to the list and remove from it. */
  public List<Map<String, Object>> resources() {
    return resources;
  }

  public void output(Map<String, Object> resource, String path, Object value) {
    outputs.add(new Output(function, resource == null ? null : id(resource), path, value));
  }

  public void finding(Map<String, Object> resource, String path, String message) {
    findings.add(new Finding(function, resource == null ? null : id(resource), path, message));
  }

  public List<Output> outputs() {
    return List.copyOf(outputs);
  }

  public List<Finding> findings() {
    return List.copyOf(findings);
  }

  void startFunction(String name) {
    this.function = name;
  }

  /** {@code apiVersion/kind/namespace/name} of a resource tree. */
  public static String id(Map<String, Object> resource) {
    return KubernetesYaml.resource(resource, 0).id();
  }
}
