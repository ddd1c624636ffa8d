package io.tandem.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A test in a real browser ({@link HeadlessChromium}). Skipped, with how to enable it, where chromium or chromedriver
 * is absent; {@code .ci/run} installs both first, so CI runs these.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(Browser.TAG)
@ExtendWith(Browser.ChromiumPresent.class)
public @interface Browser {

  String TAG = "browser";

  class ChromiumPresent implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      StringBuilder why = new StringBuilder();
      return HeadlessChromium.find(why).isPresent()
          ? ConditionEvaluationResult.enabled("chromium and chromedriver found")
          : ConditionEvaluationResult.disabled("Skipped browser test: " + why + "to enable: " + HeadlessChromium.HOW_TO_ENABLE);
    }
  }
}
