package io.tandem.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestTag;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Says at the end of a test run how many tests of one tag ran, and how many were skipped, on the console and in a file
 * under {@code target} (the test runner keeps a forked JVM's output in its reports: {@code .ci/run} prints the file).
 */
public abstract class TaggedTestSummary implements TestExecutionListener {

  private final TestTag tag;
  private final String title;
  private final String where;
  private final List<TestIdentifier> ran = new ArrayList<>();
  /** The skipped tests and classes, with why. */
  private final Map<TestIdentifier, String> skipped = new LinkedHashMap<>();
  private final Set<String> reasonsShown = new LinkedHashSet<>();

  /** {@code title} starts the summary line ("Real-cluster tests"), {@code where} says where they ran. */
  protected TaggedTestSummary(String tag, String title, String where) {
    this.tag = TestTag.create(tag);
    this.title = title;
    this.where = where;
  }

  @Override
  public synchronized void executionFinished(TestIdentifier test, TestExecutionResult result) {
    if (test.isTest() && test.getTags().contains(tag)) {
      ran.add(test);
    }
  }

  @Override
  public synchronized void executionSkipped(TestIdentifier test, String reason) {
    if (test.getTags().contains(tag)) {
      skipped.put(test, reason);
      if (reasonsShown.add(reason)) {
        System.out.println("[" + tag.getName() + "] " + reason);
      }
    }
  }

  @Override
  public synchronized void testPlanExecutionFinished(TestPlan plan) {
    if (ran.size() + skipped.size() > 0) {
      String summary = summary(List.copyOf(ran), new LinkedHashMap<>(skipped));
      System.out.println("[" + tag.getName() + "] " + summary);
      Path file = Path.of("target", tag.getName() + "-summary.txt");
      try {
        Files.writeString(file, summary + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
      } catch (IOException e) {
        System.out.println("[" + tag.getName() + "] could not write " + file + ": " + e.getMessage());
      }
    }
  }

  /** The line that sums the run up: by default how many ran and how many were skipped. */
  protected String summary(List<TestIdentifier> ran, Map<TestIdentifier, String> skipped) {
    return title + ": " + ran.size() + " ran " + where + ", " + skipped.size()
        + " skipped (a test class skipped whole counts once)";
  }
}
