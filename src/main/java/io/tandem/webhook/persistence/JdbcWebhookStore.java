package io.tandem.webhook.persistence;

import io.tandem.common.config.JsonColumns;
import io.tandem.webhook.domain.Webhook;
import io.tandem.webhook.domain.WebhookDelivery;
import io.tandem.webhook.domain.WebhookStore;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** Webhooks and their deliveries (which the event trigger of V010 creates). */
@Repository
class JdbcWebhookStore implements WebhookStore {

  private static final String WEBHOOK = "select w.id, s.slug as space, w.url, w.event_types::text, w.created_at"
      + " from webhook w join space s on s.id = w.space_id";

  private final JdbcClient jdbc;

  JdbcWebhookStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  @Transactional
  public void insert(UUID spaceId, Webhook webhook, byte[] sealedSecret) {
    jdbc.sql("insert into webhook (id, space_id, url, event_types, secret, created_at)"
            + " values (:id, :space, :url, cast(:types as jsonb), :secret, :at)")
        .param("id", webhook.id())
        .param("space", spaceId)
        .param("url", webhook.url())
        .param("types", JsonColumns.write(webhook.eventTypes()))
        .param("secret", sealedSecret)
        .param("at", at(webhook.createdAt()))
        .update();
  }

  @Override
  public Optional<Webhook> find(String space, UUID id) {
    return jdbc.sql(WEBHOOK + " where s.slug = :space and w.id = :id").param("space", space).param("id", id)
        .query(JdbcWebhookStore::webhook).optional();
  }

  @Override
  public List<Webhook> list(String space) {
    return jdbc.sql(WEBHOOK + " where s.slug = :space order by w.created_at, w.id").param("space", space)
        .query(JdbcWebhookStore::webhook).list();
  }

  @Override
  @Transactional
  public boolean delete(UUID id) {
    return jdbc.sql("delete from webhook where id = :id").param("id", id).update() == 1;
  }

  @Override
  public List<WebhookDelivery> deliveries(UUID webhookId, int limit) {
    return jdbc.sql("select d.id, d.event_id, e.type, d.status, d.attempts, d.last_status_code, d.last_error,"
            + " d.next_attempt_at, d.delivered_at, d.created_at from webhook_delivery d left join event e on e.id = d.event_id"
            + " where d.webhook_id = :id order by d.event_id desc limit :limit")
        .param("id", webhookId)
        .param("limit", limit)
        .query((rs, row) -> new WebhookDelivery(rs.getObject(1, UUID.class), rs.getLong(2), rs.getString(3),
            rs.getString(4), rs.getInt(5), (Integer) rs.getObject(6), rs.getString(7), instant(rs, 8), instant(rs, 9),
            instant(rs, 10)))
        .list();
  }

  @Override
  @Transactional
  public List<Due> claim(int limit, Instant now, Instant leaseUntil) {
    return jdbc.sql("update webhook_delivery d set leased_until = :until from webhook w"
            + " where w.id = d.webhook_id and d.id in (select id from webhook_delivery where status = 'Pending'"
            + " and next_attempt_at <= :now and (leased_until is null or leased_until < :now)"
            + " order by event_id limit :limit for update skip locked)"
            + " returning d.id, d.webhook_id, w.url, w.secret, d.attempts, d.event_id")
        .param("until", at(leaseUntil))
        .param("now", at(now))
        .param("limit", limit)
        .query((rs, row) -> new Due(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class), rs.getString(3),
            rs.getBytes(4), rs.getInt(5), rs.getLong(6)))
        .list();
  }

  @Override
  @Transactional
  public void delivered(UUID id, int statusCode, int attempts, Instant at) {
    jdbc.sql("update webhook_delivery set status = 'Delivered', attempts = :attempts, last_status_code = :code,"
            + " last_error = null, delivered_at = :at, leased_until = null where id = :id")
        .param("id", id)
        .param("attempts", attempts)
        .param("code", statusCode)
        .param("at", at(at))
        .update();
  }

  @Override
  @Transactional
  public void failed(UUID id, Integer statusCode, String error, int attempts, boolean giveUp, Instant next) {
    jdbc.sql("update webhook_delivery set status = :status, attempts = :attempts, last_status_code = :code,"
            + " last_error = :error, next_attempt_at = :next, leased_until = null where id = :id")
        .param("id", id)
        .param("status", giveUp ? "Failed" : "Pending")
        .param("attempts", attempts)
        .param("code", statusCode, Types.INTEGER)
        .param("error", error)
        .param("next", at(next))
        .update();
  }

  private static Webhook webhook(ResultSet rs, int row) throws SQLException {
    return new Webhook(rs.getObject("id", UUID.class), rs.getString("space"), rs.getString("url"),
        JsonColumns.readList(rs.getString(4), String.class), instant(rs, 5));
  }

  private static Instant instant(ResultSet rs, int column) throws SQLException {
    OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }

  private static OffsetDateTime at(Instant instant) {
    return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
  }
}
