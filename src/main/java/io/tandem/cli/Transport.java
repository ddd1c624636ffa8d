package io.tandem.cli;

import java.net.http.HttpClient;
import java.security.SecureRandom;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;

/** The HTTP client of one command line. */
final class Transport {

  private Transport() {}

  /**
   * A {@link UrlConnectionClient}, whose fallback for the methods it does not send (PATCH) is the JDK's client: for an
   * https:// server with the platform's TLS; for an http:// one with a TLS context that refuses any use, since the
   * JDK's client makes the default one when given none, and loading the TLS provider and the CA certificates is a
   * tenth of a second.
   */
  static HttpClient.Builder builder(String url) {
    HttpClient.Builder fallback = HttpClient.newBuilder();
    if (url.startsWith("http://")) {
      fallback.sslContext(new SSLContext(new NoTls(), null, "none") {}).sslParameters(new SSLParameters());
    }
    return UrlConnectionClient.builder(fallback);
  }

  private static final class NoTls extends SSLContextSpi {

    private static UnsupportedOperationException refused() {
      return new UnsupportedOperationException("TLS with a server given as http://");
    }

    @Override
    protected void engineInit(KeyManager[] keys, TrustManager[] trust, SecureRandom random) {
      throw refused();
    }

    @Override
    protected SSLSocketFactory engineGetSocketFactory() {
      throw refused();
    }

    @Override
    protected SSLServerSocketFactory engineGetServerSocketFactory() {
      throw refused();
    }

    @Override
    protected SSLEngine engineCreateSSLEngine() {
      throw refused();
    }

    @Override
    protected SSLEngine engineCreateSSLEngine(String host, int port) {
      throw refused();
    }

    @Override
    protected SSLSessionContext engineGetServerSessionContext() {
      throw refused();
    }

    @Override
    protected SSLSessionContext engineGetClientSessionContext() {
      throw refused();
    }

    @Override
    protected SSLParameters engineGetDefaultSSLParameters() {
      return new SSLParameters();
    }

    @Override
    protected SSLParameters engineGetSupportedSSLParameters() {
      return new SSLParameters();
    }
  }
}
