package io.tandem.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * An integration test: the whole server on a random port, over a real PostgreSQL (see {@link TestDatabase}). All
 * such tests share one application context and one database, so each test makes its own uniquely named spaces.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(TestDatabase.class)
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "tandem.embedded-postgres.persistent=false",
      // the existing suite was written for the mock; real-cluster tests say @RealCluster
      "tandem.sandbox.engine=mock",
      // a throw-away database: speed over durability
      "tandem.embedded-postgres.durable=false",
      "tandem.data-dir=target/it-data",
      // tests that need drift detection queue it themselves, so no background refresh interleaves with others
      "tandem.live.detection-enabled=false",
      "tandem.live.watch-enabled=false",
      // mirrors push soon after a change, and an unreachable remote is tried again within a second or so
      "tandem.git.interval=200ms",
      "tandem.git.retry-max=1s",
      "tandem.webhooks.interval=100ms",
      // Git hosts' pushes to watched origins are signed with it (GitOriginWebhookIT)
      "tandem.imports.origin-webhook-secret=it-webhook-secret",
      "tandem.webhooks.retry-initial=200ms",
      // automatic applies are queued within a fifth of a second; a failed one is retried after 1s, 2s, 4s, at most 4s
      "tandem.reconcile.interval=200ms",
      "tandem.reconcile.retry-base=1s",
      "tandem.reconcile.retry-cap=4s",
      "tandem.cors.allowed-origins=https://portal.example",
      // requests from the tests come from loopback: anonymous, as an organisation admin (SecurityIT turns it off)
      "tandem.security.anonymous=true",
      "tandem.security.expensive-calls-per-minute=0",
      // tests that prove concurrency safety write from many threads as one caller (RequestCostIT sets a limit)
      "tandem.security.concurrent-writes-per-caller=0",
      // the tests' clusters, webhook receivers and Git servers listen on loopback (OutboundPolicyIT runs without)
      "tandem.outbound.allowed-networks=127.0.0.0/8,::1/128"
    })
public @interface TandemIT {}
