package io.tandem.cli;

import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * Builds a {@link UrlConnectionClient}: it keeps the connect timeout, and hands every setting to the builder of the
 * fallback client, which alone uses the rest.
 */
final class UrlConnectionClientBuilder implements HttpClient.Builder {

  private final HttpClient.Builder fallback;
  private Duration connectTimeout;

  UrlConnectionClientBuilder(HttpClient.Builder fallback) {
    this.fallback = fallback;
  }

  @Override
  public HttpClient.Builder cookieHandler(CookieHandler handler) {
    fallback.cookieHandler(handler);
    return this;
  }

  @Override
  public HttpClient.Builder connectTimeout(Duration duration) {
    connectTimeout = duration;
    fallback.connectTimeout(duration);
    return this;
  }

  @Override
  public HttpClient.Builder sslContext(SSLContext context) {
    fallback.sslContext(context);
    return this;
  }

  @Override
  public HttpClient.Builder sslParameters(SSLParameters parameters) {
    fallback.sslParameters(parameters);
    return this;
  }

  @Override
  public HttpClient.Builder executor(Executor executor) {
    fallback.executor(executor);
    return this;
  }

  @Override
  public HttpClient.Builder followRedirects(HttpClient.Redirect policy) {
    fallback.followRedirects(policy);
    return this;
  }

  @Override
  public HttpClient.Builder version(HttpClient.Version version) {
    fallback.version(version);
    return this;
  }

  @Override
  public HttpClient.Builder priority(int priority) {
    fallback.priority(priority);
    return this;
  }

  @Override
  public HttpClient.Builder proxy(ProxySelector selector) {
    fallback.proxy(selector);
    return this;
  }

  @Override
  public HttpClient.Builder authenticator(Authenticator authenticator) {
    fallback.authenticator(authenticator);
    return this;
  }

  @Override
  public HttpClient build() {
    return new UrlConnectionClient(fallback::build, connectTimeout);
  }
}
