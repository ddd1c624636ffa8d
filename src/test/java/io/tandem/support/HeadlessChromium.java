package io.tandem.support;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * A headless chromium for browser tests, driven through the installed chromedriver: found on the PATH (Debian's
 * {@code chromium} and {@code chromium-driver} packages), or named by {@code -Dtandem.chromium=<browser>} and
 * {@code -Dtandem.chromedriver=<driver>}. Nothing is downloaded: both binaries are given to Selenium, so its manager
 * never runs.
 */
public final class HeadlessChromium {

  public static final String HOW_TO_ENABLE = "apt-get install chromium chromium-driver"
      + " (or -Dtandem.chromium=<browser> -Dtandem.chromedriver=<driver>)";
  static final List<String> BROWSER_NAMES = List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable");

  // The tests speak WebDriver only, never the DevTools protocol: Selenium's warning that it has no DevTools client for
  // this chromium's version says nothing about them. Held here, since java.util.logging keeps loggers weakly.
  private static final Logger CDP_VERSION_FINDER = Logger.getLogger("org.openqa.selenium.devtools.CdpVersionFinder");

  static {
    CDP_VERSION_FINDER.setLevel(Level.SEVERE);
  }

  record Binaries(Path browser, Path driver) {}

  private HeadlessChromium() {}

  /** The browser and its driver, or why they were not found. */
  static Optional<Binaries> find(StringBuilder why) {
    Optional<Path> browser = configuredOrOnPath("tandem.chromium", BROWSER_NAMES, why);
    Optional<Path> driver = configuredOrOnPath("tandem.chromedriver", List.of("chromedriver"), why);
    return browser.isPresent() && driver.isPresent() ? Optional.of(new Binaries(browser.get(), driver.get())) : Optional.empty();
  }

  /** A new browser with a fresh profile; the caller quits it. */
  public static ChromeDriver start() {
    StringBuilder why = new StringBuilder();
    Binaries binaries = find(why).orElseThrow(() -> new IllegalStateException(why + HOW_TO_ENABLE));
    ChromeOptions options = new ChromeOptions();
    options.setBinary(binaries.browser().toFile());
    // --no-sandbox: CI runs as root, where chromium's sandbox refuses to start; /dev/shm is small in containers
    options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1600");
    ChromeDriverService service = new ChromeDriverService.Builder()
        .usingDriverExecutable(binaries.driver().toFile()).usingAnyFreePort().build();
    return new ChromeDriver(service, options);
  }

  private static Optional<Path> configuredOrOnPath(String property, List<String> names, StringBuilder why) {
    String configured = System.getProperty(property, "");
    if (!configured.isBlank()) {
      Optional<Path> executable = Optional.of(Path.of(configured)).filter(Files::isExecutable);
      if (executable.isEmpty()) {
        why.append("-D").append(property).append('=').append(configured).append(" is not executable; ");
      }
      return executable;
    }
    String path = System.getenv().getOrDefault("PATH", "");
    for (String name : names) {
      for (String folder : path.split(File.pathSeparator)) {
        if (!folder.isBlank() && Files.isExecutable(Path.of(folder, name))) {
          return Optional.of(Path.of(folder, name));
        }
      }
    }
    why.append("no ").append(String.join(" nor ", names)).append(" on the PATH; ");
    return Optional.empty();
  }
}
