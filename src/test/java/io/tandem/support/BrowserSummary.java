package io.tandem.support;

/** How many tests ran in a real browser ({@code target/browser-summary.txt}). */
public class BrowserSummary extends TaggedTestSummary {

  public BrowserSummary() {
    super(Browser.TAG, "Browser tests", "in headless chromium");
  }
}
