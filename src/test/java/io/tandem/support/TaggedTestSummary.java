package io.tandem.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestTag;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Says at the end of a test run how many tests of one tag ran, and how many were skipped, on the console and in a file
 * under {@code target} (the test runner keeps a forked JVM's output in its reports: {@code .ci/run} prints the file).
 */
abstract class TaggedTestSummary implements TestExecutionListener {

  private final TestTag tag;
  private final String title;
  private final String where;
  private final AtomicInteger ran = new AtomicInteger();
  private final AtomicInteger skipped = new AtomicInteger();

  /** {@code title} starts the summary line ("Real-cluster tests"), {@code where} says where they ran. */
  TaggedTestSummary(String tag, String title, String where) {
    this.tag = TestTag.create(tag);
    this.title = title;
    this.where = where;
  }

  @Override
  public void executionFinished(TestIdentifier test, TestExecutionResult result) {
    if (test.isTest() && test.getTags().contains(tag)) {
      ran.incrementAndGet();
    }
  }

  @Override
  public void executionSkipped(TestIdentifier test, String reason) {
    if (test.getTags().contains(tag)) {
      skipped.incrementAndGet();
      if (skipped.get() == 1) {
        System.out.println("[" + tag.getName() + "] " + reason);
      }
    }
  }

  @Override
  public void testPlanExecutionFinished(TestPlan plan) {
    if (ran.get() + skipped.get() > 0) {
      String summary = title + ": " + ran.get() + " ran " + where + ", " + skipped.get()
          + " skipped (a test class skipped whole counts once)";
      System.out.println("[" + tag.getName() + "] " + summary);
      Path file = Path.of("target", tag.getName() + "-summary.txt");
      try {
        Files.writeString(file, summary + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
      } catch (IOException e) {
        System.out.println("[" + tag.getName() + "] could not write " + file + ": " + e.getMessage());
      }
    }
  }
}
