package io.tandem;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.Browser;
import io.tandem.support.HeadlessChromium;
import io.tandem.support.TandemIT;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.ElementClickInterceptedException;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * Swagger UI as a person uses it, in a real browser: /swagger-ui.html opens it (the server's address opens the web
 * UI, WebUiBrowserIT), Authorize takes an API token, and
 * "Try it out" then calls the API with it; without a token the call is refused. Anonymous access is off (as in
 * SchemathesisIT, whose context this shares), so the token is what decides.
 */
@TandemIT
@Browser
@TestPropertySource(properties = {
    "tandem.security.anonymous=false",
    "tandem.security.bootstrap-token=" + SchemathesisIT.ADMIN,
    "tandem.data-dir=target/it-data-schemathesis"})
class SwaggerUiBrowserIT {

  // the first page waits for the document to be generated, on a machine that may be busy; waits end when they can
  static final Duration PATIENCE = Duration.ofSeconds(60);
  static final String[] AUTH = {"Authorization", "Bearer " + SchemathesisIT.ADMIN};
  static final By AUTHORIZE = By.cssSelector(".auth-wrapper > .btn.authorize");
  // Swagger UI's element of an operation: operations-<tag>-<operationId>
  static final String CREATE_SPACE = "operations-spaces-createSpace";
  static final String LIST_SPACES = "operations-spaces-listSpaces";

  @LocalServerPort int port;
  WebDriver browser;
  WebDriverWait wait;

  @BeforeEach
  void openBrowser() {
    browser = HeadlessChromium.start();
    wait = new WebDriverWait(browser, PATIENCE);
    wait.ignoring(StaleElementReferenceException.class).ignoring(ElementClickInterceptedException.class);
  }

  @AfterEach
  void closeBrowser() {
    if (browser != null) {
      browser.quit();
    }
  }

  @Test
  void swaggerUiOpensAtItsAddress() {
    browser.get(base() + "/swagger-ui.html");
    wait.until(ExpectedConditions.visibilityOfElementLocated(AUTHORIZE));
    assertThat(browser.getCurrentUrl()).startsWith(base() + "/swagger-ui/");
    assertThat(browser.findElement(By.id(CREATE_SPACE)).isDisplayed()).isTrue();
  }

  @Test
  void withoutAuthorizeTryItOutIsRefusedWith401AndCreatesNothing() {
    openSwaggerUi();
    String space = Api.uniqueSlug("swagger-ui");

    assertThat(tryItOut(CREATE_SPACE, "{\"slug\":\"" + space + "\"}")).isEqualTo("401");
    assertThat(new Api(port).get("/api/v1/spaces/" + space, AUTH).status()).isEqualTo(404);
  }

  @Test
  void aTokenGivenToAuthorizeMakesTryItOutWork() {
    openSwaggerUi();
    authorize(SchemathesisIT.ADMIN);
    String space = Api.uniqueSlug("swagger-ui");

    assertThat(tryItOut(CREATE_SPACE, "{\"slug\":\"" + space + "\"}")).isEqualTo("201");
    assertThat(new Api(port).get("/api/v1/spaces/" + space, AUTH).status()).isEqualTo(200);
    assertThat(tryItOut(LIST_SPACES, null)).isEqualTo("200");
  }

  private String base() {
    return "http://localhost:" + port;
  }

  private void openSwaggerUi() {
    browser.get(base() + "/swagger-ui.html");
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id(CREATE_SPACE)));
  }

  private void authorize(String token) {
    click(AUTHORIZE);
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("auth-bearer-value"))).sendKeys(token);
    click(By.cssSelector(".modal-ux .auth-btn-wrapper .btn.authorize"));
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".modal-ux [aria-label='Remove authorization']")));
    click(By.cssSelector(".modal-ux .btn-done"));
    wait.until(ExpectedConditions.invisibilityOfElementLocated(By.cssSelector(".modal-ux")));
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".auth-wrapper > .btn.authorize.locked")));
  }

  /** Expands the operation, sends it with {@code body} (if any) through "Try it out", and returns the status shown. */
  private String tryItOut(String operation, String body) {
    click(inside(operation, ".opblock-summary-control"));
    click(inside(operation, ".try-out__btn"));
    if (body != null) {
      WebElement text = wait.until(ExpectedConditions.visibilityOfElementLocated(inside(operation, "textarea.body-param__text")));
      text.sendKeys(Keys.chord(Keys.CONTROL, "a"), body);
    }
    click(inside(operation, ".btn.execute"));
    By status = inside(operation, ".live-responses-table .response .response-col_status");
    return wait.until(ExpectedConditions.visibilityOfElementLocated(status)).getText().trim();
  }

  private static By inside(String operation, String css) {
    return By.cssSelector("#" + operation + " " + css);
  }

  private void click(By target) {
    wait.until(driver -> {
      WebElement element = ExpectedConditions.elementToBeClickable(target).apply(driver);
      if (element == null) {
        return false;
      }
      ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView({block: 'center'})", element);
      element.click();
      return true;
    });
  }
}
