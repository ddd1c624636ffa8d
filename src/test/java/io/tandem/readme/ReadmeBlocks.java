package io.tandem.readme;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shell blocks of a README, with what each says it prints. Every {@code ```sh} block runs, in order, unless the
 * line before its fence says otherwise:
 *
 * <ul>
 *   <li>{@code <!-- readme-test: skip (why) -->}: never run (the reason is required);
 *   <li>{@code <!-- readme-test: real-cluster -->}: run only on the real control plane (kubectl needs it);
 *   <li>{@code <!-- readme-test: mock -->}: run only on the mock sandbox (the way there without kubectl).
 * </ul>
 *
 * <p>Inside a block, {@code # → } lines after a command show what the commands above them (since the previous such
 * lines) print; see {@link OutputMatcher} for how they are compared.
 */
final class ReadmeBlocks {

  static final String EXPECTATION = "# →";
  private static final Set<String> SHELL = Set.of("sh", "bash", "shell");
  private static final Pattern MARKER = Pattern.compile("<!--\\s*readme-test:\\s*(\\S+)\\s*(.*?)\\s*-->");

  enum Mode { RUN, SKIP, REAL_CLUSTER, MOCK }

  /** A run of commands (from {@code line}, 1-based in the README) and what they print, or null when it is not shown. */
  record Step(int line, String commands, String expected) {}

  /** A shell block, from {@code line}, under the heading {@code section} (the text's last before it, "" if none). */
  record Block(int line, String section, Mode mode, String reason, List<Step> steps) {}

  private ReadmeBlocks() {}

  static List<Block> parse(String readme) {
    List<String> lines = readme.lines().toList();
    List<Block> blocks = new ArrayList<>();
    String section = "";
    for (int i = 0; i < lines.size(); i++) {
      String fence = lines.get(i).strip();
      if (lines.get(i).startsWith("#")) {
        section = lines.get(i).replaceFirst("^#+\\s*", "");
      }
      if (!fence.startsWith("```")) {
        continue;
      }
      int end = closingFence(lines, i);
      if (SHELL.contains(fence.substring(3).strip())) {
        blocks.add(block(lines, i, end, section));
      }
      i = end;
    }
    return blocks;
  }

  /**
   * The blocks with their sections in reverse order, but for the first section that runs something (the set-up every
   * other one starts from), which stays first; a section's own blocks keep their order. Run so, a section that only
   * works after one written before it fails.
   */
  static List<Block> sectionsReversed(List<Block> blocks) {
    Map<String, List<Block>> sections = new LinkedHashMap<>();
    blocks.forEach(block -> sections.computeIfAbsent(block.section(), section -> new ArrayList<>()).add(block));
    List<List<Block>> order = new ArrayList<>(sections.values());
    int setUp = 0;
    while (setUp < order.size() && order.get(setUp).stream().allMatch(block -> block.mode() == Mode.SKIP)) {
      setUp++;
    }
    if (setUp + 1 < order.size()) {
      Collections.reverse(order.subList(setUp + 1, order.size()));
    }
    return order.stream().flatMap(List::stream).toList();
  }

  private static int closingFence(List<String> lines, int open) {
    for (int i = open + 1; i < lines.size(); i++) {
      if (lines.get(i).strip().equals("```")) {
        return i;
      }
    }
    throw new IllegalArgumentException("README line " + (open + 1) + ": a code block that is never closed");
  }

  private static Block block(List<String> lines, int fence, int end, String section) {
    int before = fence - 1;
    while (before >= 0 && lines.get(before).isBlank()) {
      before--;
    }
    Matcher marker = before >= 0 ? MARKER.matcher(lines.get(before).strip()) : null;
    Mode mode = Mode.RUN;
    String reason = "";
    if (marker != null && marker.matches()) {
      mode = mode(marker.group(1), fence + 1);
      reason = marker.group(2).replaceAll("^\\((.*)\\)$", "$1");
      if (mode == Mode.SKIP && reason.isBlank()) {
        throw new IllegalArgumentException("README line " + (before + 1) + ": a skipped block says why: skip (reason)");
      }
    }
    return new Block(fence + 2, section, mode, reason, steps(lines.subList(fence + 1, end), fence + 2));
  }

  private static Mode mode(String word, int line) {
    return switch (word) {
      case "skip" -> Mode.SKIP;
      case "real-cluster" -> Mode.REAL_CLUSTER;
      case "mock" -> Mode.MOCK;
      default -> throw new IllegalArgumentException(
          "README line " + line + ": unknown readme-test marker '" + word + "' (skip, real-cluster or mock)");
    };
  }

  /** Splits a block at its {@code # →} lines: the commands before them, and what those lines show. */
  static List<Step> steps(List<String> body, int firstLine) {
    List<Step> steps = new ArrayList<>();
    StringBuilder commands = new StringBuilder();
    List<String> expected = new ArrayList<>();
    int stepLine = firstLine;
    for (int i = 0; i <= body.size(); i++) {
      String line = i < body.size() ? body.get(i) : null;
      boolean expectation = line != null
          && (line.strip().equals(EXPECTATION) || line.strip().startsWith(EXPECTATION + " "));
      if (!expected.isEmpty() && !expectation) {
        steps.add(new Step(stepLine, commands.toString(), String.join("\n", expected)));
        commands.setLength(0);
        expected.clear();
        stepLine = firstLine + i;
      }
      if (line == null) {
        break;
      }
      if (expectation) {
        expected.add(shown(line));
      } else {
        commands.append(line).append('\n');
      }
    }
    if (!commands.toString().isBlank()) {
      steps.add(new Step(stepLine, commands.toString(), null));
    }
    return steps;
  }

  /** The shown text of a {@code # →} line: everything after the arrow and one space, indentation kept. */
  private static String shown(String line) {
    String rest = line.strip().substring(EXPECTATION.length());
    return rest.startsWith(" ") ? rest.substring(1) : rest;
  }
}
