// Package push sends web push notifications (the Push API: RFC 8030 delivery, RFC 8291 message
// encryption, RFC 8292 VAPID) to the devices users registered, stored in the push_subscriptions table.
// Its Sender is the notify.Sender of notify.ChannelPush: it encrypts one small JSON payload (Payload) per
// device with github.com/SherClockHolmes/webpush-go, posts it to the device's push service, records each
// success, and removes the devices their push service calls gone (404, 410).
//
// Endpoints are checked when they are registered (notify.PushConfig.CheckEndpoint) and again when the
// sender connects: it never connects to a loopback, private or link-local address, so that a registered
// name that resolves inside the server's network cannot make the server post there.
//
// See docs/notifications.md, "Web push".
package push
