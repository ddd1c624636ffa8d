package io.tandem.git.jgit;

import io.tandem.common.error.TandemException;
import io.tandem.common.net.OutboundPolicy;
import java.io.IOException;
import java.net.Proxy;
import java.net.URL;
import java.net.UnknownHostException;
import org.eclipse.jgit.api.TransportConfigCallback;
import org.eclipse.jgit.transport.Transport;
import org.eclipse.jgit.transport.TransportHttp;
import org.eclipse.jgit.transport.URIish;
import org.eclipse.jgit.transport.http.HttpConnection;
import org.eclipse.jgit.transport.http.HttpConnectionFactory;
import org.springframework.stereotype.Component;

/**
 * Checks a Git remote against the outbound policy when JGit opens it (DNS may have changed since the URL was
 * registered), and over HTTP before every request, so a redirect cannot lead to a destination that is not allowed.
 */
@Component
class GitRemoteGuard implements TransportConfigCallback {

  private final OutboundPolicy outbound;

  GitRemoteGuard(OutboundPolicy outbound) {
    this.outbound = outbound;
  }

  /** @throws TandemException {@code destination-not-allowed} */
  @Override
  public void configure(Transport transport) {
    URIish uri = transport.getURI();
    if (uri.getHost() != null) {
      check(uri.getScheme(), uri.getHost(), uri.getPort());
    }
    if (transport instanceof TransportHttp http) {
      http.setHttpConnectionFactory(new Checked(http.getHttpConnectionFactory()));
    }
  }

  private void check(String scheme, String host, int port) {
    try {
      outbound.resolveAllowed("url", host, OutboundPolicy.defaultPort(scheme == null ? "ssh" : scheme, port));
    } catch (UnknownHostException e) {
      // JGit fails on its own, as "host not found"
    }
  }

  private final class Checked implements HttpConnectionFactory {

    private final HttpConnectionFactory delegate;

    Checked(HttpConnectionFactory delegate) {
      this.delegate = delegate;
    }

    @Override
    public HttpConnection create(URL url) throws IOException {
      return delegate.create(checked(url));
    }

    @Override
    public HttpConnection create(URL url, Proxy proxy) throws IOException {
      return delegate.create(checked(url), proxy);
    }

    private URL checked(URL url) throws IOException {
      try {
        check(url.getProtocol(), url.getHost(), url.getPort());
      } catch (TandemException e) {
        throw new IOException("destination not allowed", e);
      }
      return url;
    }
  }
}
