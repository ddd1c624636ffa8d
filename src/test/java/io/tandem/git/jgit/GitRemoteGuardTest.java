package io.tandem.git.jgit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.net.OutboundPolicy;
import io.tandem.common.net.OutboundProperties;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.ThrowableAssert;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class GitRemoteGuardTest {

  final AtomicInteger firstCalls = new AtomicInteger();
  final AtomicInteger secondCalls = new AtomicInteger();
  HttpServer first;
  HttpServer second;

  @AfterEach
  void stop() {
    if (first != null) {
      first.stop(0);
    }
    if (second != null) {
      second.stop(0);
    }
  }

  void start() throws Exception {
    second = HttpServer.create(new InetSocketAddress("127.0.0.2", 0), 0);
    second.createContext("/", exchange -> {
      secondCalls.incrementAndGet();
      exchange.sendResponseHeaders(404, -1);
      exchange.close();
    });
    second.start();
    first = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    first.createContext("/", exchange -> { // every request is sent on to the second server
      firstCalls.incrementAndGet();
      exchange.getResponseHeaders().add("Location", "http://127.0.0.2:" + second.getAddress().getPort() + exchange.getRequestURI());
      exchange.sendResponseHeaders(302, -1);
      exchange.close();
    });
    first.start();
  }

  static GitRemoteGuard guard(String... allowed) {
    return new GitRemoteGuard(new OutboundPolicy(new OutboundProperties(false, List.of(allowed))));
  }

  ThrowableAssert.ThrowingCallable lsRemote(GitRemoteGuard guard) {
    return () -> Git.lsRemoteRepository().setRemote("http://127.0.0.1:" + first.getAddress().getPort() + "/repo.git")
        .setTransportConfigCallback(guard).call();
  }

  static boolean refused(Throwable error) {
    for (Throwable cause = error; cause != null; cause = cause.getCause()) {
      if (cause instanceof TandemException e && e.code() == ProblemCode.DESTINATION_NOT_ALLOWED) {
        return true;
      }
    }
    return false;
  }

  @Test
  void aRemoteOnLoopbackIsRefusedBeforeAnyConnection() throws Exception {
    start();

    assertThatThrownBy(lsRemote(guard())).matches(GitRemoteGuardTest::refused, "refused as a destination");
    assertThat(firstCalls.get()).isZero();
  }

  @Test
  void aRedirectToADestinationThatIsNotAllowedIsNotFollowed() throws Exception {
    start();

    assertThatThrownBy(lsRemote(guard("127.0.0.1/32"))).matches(GitRemoteGuardTest::refused, "refused as a destination");
    assertThat(firstCalls.get()).isPositive();
    assertThat(secondCalls.get()).isZero();
  }

  @Test
  void aRedirectInsideTheAllowedNetworksIsFollowed() throws Exception {
    start();

    assertThatThrownBy(lsRemote(guard("127.0.0.0/8"))).matches(error -> !refused(error), "failed otherwise");
    assertThat(secondCalls.get()).isPositive();
  }
}
