# The Tandem worker image, from the packaged worker jar and its libraries (no server, no database).
#   ./mvnw -B package -DskipTests
#   docker build -f server/worker.Dockerfile -t tandem-worker .
# It runs with the pod's ServiceAccount (server/worker-chart), or with --kubeconfig.
FROM eclipse-temurin:17-jre

ARG TANDEM_VERSION=0.1.0-SNAPSHOT
RUN useradd --system --uid 10001 --no-create-home tandem
WORKDIR /app
COPY target/worker/lib/ /app/worker/lib/
COPY target/tandem-${TANDEM_VERSION}-worker.jar /app/tandem-worker.jar

USER 10001
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-jar", "/app/tandem-worker.jar"]
