package io.tandem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Browser;
import io.tandem.support.Fixtures;
import io.tandem.support.GitRepos;
import io.tandem.support.Grants;
import io.tandem.support.HeadlessChromium;
import io.tandem.support.OutOfBand;
import io.tandem.support.TandemIT;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * The web UI as a person uses it, in a real browser: sign in with a token, watch a break-glass change arrive on an
 * open unit page, read who made it in the diff, and undo it from the page; a viewer is offered nothing that changes
 * anything, and a forged post without the CSRF token is refused. Shares SwaggerUiBrowserIT's context (anonymous
 * access off). The main pages' screenshots go to target/ui, or with {@code -Dui.screenshots.update=true} to docs/ui,
 * which the README shows (each run's spaces have new names, so every run would change the committed images).
 */
@TandemIT
@Browser
@TestPropertySource(properties = {
    "tandem.security.anonymous=false",
    "tandem.security.bootstrap-token=" + SchemathesisIT.ADMIN,
    "tandem.data-dir=target/it-data-schemathesis"})
class WebUiBrowserIT {

  static final Path SCREENSHOTS =
      Boolean.getBoolean("ui.screenshots.update") ? Path.of("docs", "ui") : Path.of("target", "ui");
  static final String[] AUTH = SwaggerUiBrowserIT.AUTH;

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  Api api;
  String space;
  String target;
  WebDriver browser;
  WebDriverWait wait;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("webui");
    assertThat(api.post("/api/v1/spaces", Map.of("slug", space, "displayName", "Payments (web UI test)"), AUTH).status())
        .isEqualTo(201);
    // a target of its own on the sandbox: SchemathesisIT, which shares this server, may have changed or removed the
    // built-in one with what it generates
    target = Api.uniqueSlug("webui");
    assertThat(api.post("/api/v1/targets", Map.of("slug", target, "kubeconfig", sandbox.kubeconfig()), AUTH).status())
        .isEqualTo(201);
    Grants.everySpace(api, target, AUTH);
    browser = HeadlessChromium.start();
    wait = new WebDriverWait(browser, SwaggerUiBrowserIT.PATIENCE);
    wait.ignoring(StaleElementReferenceException.class);
  }

  @AfterEach
  void closeBrowser() {
    if (browser != null) {
      browser.quit();
    }
  }

  @Test
  void aBreakGlassChangeAppearsOnTheOpenPageWithItsFieldManagerAndIsUndoneFromThePage() throws IOException {
    String unit = appliedPaymentService();
    signIn(SchemathesisIT.ADMIN);
    screenshot("spaces");
    browser.get(base() + "/ui/spaces/" + space);
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("tr[data-unit='paymentservice']")));
    screenshot("units");
    browser.get(base() + "/ui/spaces/" + space + "/units/paymentservice");
    wait.until(ExpectedConditions.attributeToBe(By.tagName("body"), "data-events-open", "true"));

    try (OutOfBand kubectl = OutOfBand.asKubectlEdit(sandbox)) {
      kubectl.setMemoryLimit(space, "paymentservice", "512Mi");
    }
    assertThat(api.post(unit + "/refresh?wait=30", null, AUTH).json().path("capturedRevisionNum").asInt()).isEqualTo(2);

    By captured = By.cssSelector("#timeline li.rev.captured[data-num='2']");
    assertThat(wait.until(ExpectedConditions.visibilityOfElementLocated(captured)).getText())
        .as("arrived without a reload").contains("Refresh", "break-glass", "kubectl-edit");
    click(By.id("diff-2"));
    String diff = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("diff-managers"))).getText();
    assertThat(diff).contains("kubectl-edit");
    assertThat(browser.findElement(By.cssSelector("#diff td.del")).getText()).contains("128Mi");
    assertThat(browser.findElement(By.cssSelector("#diff td.ins")).getText()).contains("512Mi");
    screenshot("unit");

    wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("undo"), "Undo revision 2"));
    click(By.id("undo"));
    wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector(".notice"), "Undone"));
    await("the change undone on the cluster").atMost(Duration.ofSeconds(30))
        .until(() -> memoryOnTheCluster().equals("128Mi"));
    assertThat(api.get(unit + "/revisions/3", AUTH).json().path("source").asString()).isEqualTo("Restore");
    assertThat(api.get(unit + "/data", AUTH).body()).contains("memory: 128Mi");
  }

  @Test
  void aCapturedChangeGoesBackToTheRepositoryItCameFromFromThePage() {
    try (OutOfBand tool = OutOfBand.asATool(sandbox)) {
      tool.namespace(space);
    }
    String data = Fixtures.paymentService().replace("name: paymentservice\n", "name: paymentservice\n  namespace: " + space + "\n");
    String source = GitRepos.withFiles("webui-source", Map.of("apps/paymentservice.yaml", data));
    assertThat(api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", source, "ref", "main", "path", "apps",
        "target", target, "watch", true), AUTH).status()).isEqualTo(200);
    String unit = "/api/v1/spaces/" + space + "/units/paymentservice";
    assertThat(api.post(unit + "/apply?wait=30", null, AUTH).json().path("result").asString()).isEqualTo("ApplyCompleted");
    try (OutOfBand kubectl = OutOfBand.asKubectlEdit(sandbox)) {
      kubectl.setMemoryLimit(space, "paymentservice", "512Mi");
    }
    assertThat(api.post(unit + "/refresh?wait=30", null, AUTH).json().path("capturedRevisionNum").asInt()).isEqualTo(2);

    signIn(SchemathesisIT.ADMIN);
    browser.get(base() + "/ui/spaces/" + space + "/units/paymentservice");
    assertThat(wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("origin"))).getText())
        .contains(source, "apps/paymentservice.yaml");
    click(By.id("backport-2"));
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("write-backport")));
    assertThat(browser.findElement(By.cssSelector("#backport td.del")).getText()).contains("128Mi");
    assertThat(browser.findElement(By.cssSelector("#backport td.ins")).getText()).contains("512Mi");
    click(By.id("write-backport"));
    wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector(".notice"), "tandem/backport/paymentservice-r2"));
    assertThat(GitRepos.read(source, "tandem/backport/paymentservice-r2", "apps/paymentservice.yaml"))
        .isEqualTo(data.replace("memory: 128Mi", "memory: 512Mi"));

    // meanwhile the team set another limit on main: a conflict, shown with both values, settled from the page
    GitRepos.commit(source, "main", Map.of("apps/paymentservice.yaml", data.replace("memory: 128Mi", "memory: 256Mi")),
        "256Mi", "lee");
    click(By.id("origin-sync"));
    String conflict = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("origin-conflict"))).getText();
    assertThat(conflict).contains("lee", "256Mi", "512Mi");
    click(By.id("origin-take-git"));
    wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector(".notice"), "Updated"));
    assertThat(api.get(unit + "/data", AUTH).body()).contains("memory: 256Mi");
    assertThat(browser.findElements(By.id("origin-conflict"))).isEmpty();
  }

  @Test
  void aUnitHeldByADenyWindowSaysWhyOnItsPageAndItsApplyButtonIsRefusedNamingTheWindow() {
    String spacePath = "/api/v1/spaces/" + space;
    assertThat(api.send("PUT", spacePath + "/sync-windows", "application/json", Api.JSON.writeValueAsString(Map.of(
        "windows", java.util.List.of(Map.of("name", "freeze", "kind", "deny", "schedule", "* * * * *", "duration", "2h")))),
        AUTH).status()).isEqualTo(200);
    api.patch(spacePath, Map.of("applyMode", "Continuous"), AUTH);
    api.post(spacePath + "/units", Map.of("slug", "frozen", "target", target, "data", """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: frozen-%s
        data:
          level: info
        """.formatted(space)), AUTH);
    await("the automatic apply waits").atMost(Duration.ofSeconds(10))
        .until(() -> api.get(spacePath + "/units/frozen", AUTH).json().has("waitingFor"));
    signIn(SchemathesisIT.ADMIN);

    browser.get(base() + "/ui/spaces/" + space + "/units/frozen");

    assertThat(wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("waiting"))).getText())
        .startsWith("Waits for its sync windows: the deny window 'freeze' (* * * * * for 2h, UTC) is open until");
    click(By.id("apply"));
    assertThat(wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("problem"))).getText())
        .contains("may not be applied now: the deny window 'freeze'");
    assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("409 sync-window-closed");
    assertThat(api.get(spacePath + "/units/frozen/actions", AUTH).items()).isEmpty();
  }

  @Test
  void aViewerIsOfferedNothingThatChangesAnythingAndAForgedPostIsRefused() {
    appliedPaymentService();
    String subject = "viewer-" + space;
    String token = api.post("/api/v1/tokens", Map.of("subject", subject, "orgAdmin", false), AUTH).json()
        .path("secret").asString();
    assertThat(api.send("PUT", "/api/v1/spaces/" + space + "/roles/" + subject, "application/json",
        "{\"role\":\"viewer\"}", AUTH).status()).isEqualTo(200);
    signIn(token);

    browser.get(base() + "/ui/spaces/" + space + "/units/paymentservice");
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("timeline")));
    assertThat(browser.findElements(By.cssSelector("main form[method='post'], main [hx-post], main input[type='checkbox']")))
        .as("forms and buttons that would change something").isEmpty();
    assertThat(browser.findElement(By.id("yaml")).getText()).contains("paymentservice");
    browser.get(base() + "/ui/spaces/" + space);
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("tr[data-unit='paymentservice']")));
    assertThat(browser.findElements(By.cssSelector("main button[name='action'], main input[type='checkbox']"))).isEmpty();

    Object status = ((JavascriptExecutor) browser).executeAsyncScript(
        "const done = arguments[arguments.length - 1];"
            + "fetch(arguments[0], {method: 'POST', credentials: 'same-origin', redirect: 'manual',"
            + " headers: {'Content-Type': 'application/x-www-form-urlencoded'}, body: 'revision=1'})"
            + ".then(r => done(r.status), e => done(String(e)));",
        "/ui/spaces/" + space + "/units/paymentservice/restore");
    assertThat(status).isEqualTo(403L);
    assertThat(api.get("/api/v1/spaces/" + space + "/units/paymentservice", AUTH).json().path("headRevisionNum").asInt())
        .isEqualTo(1);
  }

  private String appliedPaymentService() {
    try (OutOfBand tool = OutOfBand.asATool(sandbox)) {
      tool.namespace(space);
    }
    String data = Fixtures.paymentService().replace("name: paymentservice\n", "name: paymentservice\n  namespace: " + space + "\n");
    String unit = "/api/v1/spaces/" + space + "/units/paymentservice";
    assertThat(api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "paymentservice", "data", data,
        "target", target, "driftMode", "Capture", "labels", Map.of("tier", "backend")), AUTH).status()).isEqualTo(201);
    Api.Response applied = api.post(unit + "/apply?wait=30", null, AUTH);
    assertThat(applied.json().path("result").asString()).as(applied.body()).isEqualTo("ApplyCompleted");
    return unit;
  }

  private void signIn(String token) {
    browser.get(base() + "/");
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("token"))).sendKeys(token);
    click(By.cssSelector("#sign-in button[type='submit']"));
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("sign-out")));
    assertThat(browser.getCurrentUrl()).isEqualTo(base() + "/ui");
  }

  private String memoryOnTheCluster() {
    try (OutOfBand tool = OutOfBand.asATool(sandbox)) {
      return tool.memoryLimit(space, "paymentservice");
    }
  }

  private void click(By target) {
    wait.until(driver -> {
      var element = ExpectedConditions.elementToBeClickable(target).apply(driver);
      if (element == null) {
        return false;
      }
      ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView({block: 'center'})", element);
      element.click();
      return true;
    });
  }

  /** The page as tall as its content (within a laptop's to a tall monitor's height), at a laptop's width. */
  private void screenshot(String name) throws IOException {
    Dimension before = browser.manage().window().getSize();
    Number height = (Number) ((JavascriptExecutor) browser).executeScript("return Math.ceil(document.body.getBoundingClientRect().height)");
    browser.manage().window().setSize(new Dimension(1280, Math.max(640, Math.min(1800, height.intValue() + 100))));
    Files.createDirectories(SCREENSHOTS);
    Files.write(SCREENSHOTS.resolve(name + ".png"), ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    browser.manage().window().setSize(before);
  }

  private String base() {
    return "http://localhost:" + port;
  }
}
