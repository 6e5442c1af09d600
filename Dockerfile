# Rout in a container: `docker compose up` runs it with PostgreSQL (docker-compose.yml).
# The image has no PostgreSQL of its own, so DATABASE_URL must be set.

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/rout ./cmd/rout

# The runtime image is the static binary alone, run by an unprivileged numeric user; no shell. It needs no
# CA bundle: the binary embeds the public CA roots (golang.org/x/crypto/x509roots/fallback) for the TLS it
# speaks as a client (SMTP with STARTTLS, the SMS provider over HTTPS).
FROM scratch
COPY --from=build /out/rout /usr/local/bin/rout
ENV ROUT_ADDR=0.0.0.0:8080 \
    ROUT_LOG_FORMAT=json
EXPOSE 8080
USER 65532:65532
# Exec form: there is no shell. rout healthcheck GETs /readyz on ROUT_ADDR.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["/usr/local/bin/rout", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/rout"]
CMD ["serve"]
