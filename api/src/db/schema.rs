// The diesel schema, written to match migrations/sqlite (kept by hand: no diesel CLI needed to build).

diesel::table! {
    accounts (id) {
        id -> BigInt,
        email -> Text,
        display_name -> Text,
        password_hash -> Text,
        created_at -> Text,
        deleted_at -> Nullable<Text>,
        profile_public -> Bool,
        suspended_at -> Nullable<Text>,
        suspended_reason -> Nullable<Text>,
    }
}

diesel::table! {
    api_tokens (id) {
        id -> BigInt,
        account_id -> BigInt,
        name -> Text,
        token_hash -> Text,
        created_at -> Text,
        last_used_at -> Nullable<Text>,
        revoked_at -> Nullable<Text>,
    }
}

diesel::table! {
    signing_keys (kid) {
        kid -> Text,
        account_id -> BigInt,
        public_key -> Text,
        name -> Nullable<Text>,
        created_at -> Text,
        revoked_at -> Nullable<Text>,
    }
}

diesel::table! {
    games (id) {
        id -> BigInt,
        slug -> Text,
        options -> Text,
        seed -> Text,
        seed_commitment -> Text,
        status -> Text,
        created_by -> BigInt,
        created_at -> Text,
        updated_at -> Text,
        head_seq -> BigInt,
        head_hash -> Text,
        snapshot -> Text,
        deadline_hours -> Nullable<Integer>,
        timeout_policy -> Text,
        journal_format -> Integer,
        rated -> Bool,
        mail_pictures -> Bool,
        listed -> Bool,
    }
}

diesel::table! {
    game_results (game_id, seat) {
        game_id -> BigInt,
        seat -> Integer,
        account_id -> BigInt,
        slug -> Text,
        rank -> Integer,
        won -> Bool,
        finished_at -> Text,
    }
}

diesel::table! {
    results_to_record (game_id) {
        game_id -> BigInt,
    }
}

diesel::table! {
    ratings (account_id, slug) {
        account_id -> BigInt,
        slug -> Text,
        rating -> Double,
        uncertainty -> Double,
        games -> Integer,
        wins -> Integer,
        updated_at -> Text,
    }
}

diesel::table! {
    seats (game_id, seat) {
        game_id -> BigInt,
        seat -> Integer,
        kind -> Text,
        account_id -> Nullable<BigInt>,
        invited_email -> Nullable<Text>,
    }
}

diesel::table! {
    journal (game_id, seq) {
        game_id -> BigInt,
        seq -> BigInt,
        at -> Text,
        body -> Text,
        nonce -> Binary,
        hash -> Binary,
        events -> Binary,
        signature_hash -> Nullable<Binary>,
        hidden_seat -> Bool,
    }
}

diesel::table! {
    server_settings (name) {
        name -> Text,
        value -> Text,
    }
}

diesel::table! {
    outbox (id) {
        id -> BigInt,
        game_id -> Nullable<BigInt>,
        account_id -> Nullable<BigInt>,
        kind -> Text,
        sender -> Nullable<Text>,
        recipient -> Nullable<Text>,
        subject -> Nullable<Text>,
        message_id -> Text,
        message -> Nullable<Text>,
        created_at -> Text,
        next_attempt_at -> Text,
        attempts -> Integer,
        last_error -> Nullable<Text>,
        claimed_until -> Nullable<Text>,
        sent_at -> Nullable<Text>,
        seq -> Nullable<BigInt>,
        seat -> Nullable<Integer>,
        decision -> Nullable<Text>,
    }
}

diesel::table! {
    reply_tokens (token_hash) {
        token_hash -> Text,
        game_id -> BigInt,
        account_id -> BigInt,
        seat -> Integer,
        decision -> Text,
        created_at -> Text,
        used_at -> Nullable<Text>,
    }
}

diesel::table! {
    mail_prefs (account_id) {
        account_id -> BigInt,
        notify -> Text,
        unsubscribe_token -> Text,
        away_until -> Nullable<Text>,
        lang -> Text,
        last_digest_at -> Nullable<Text>,
        turn_email -> Text,
        talk_email -> Text,
    }
}

diesel::table! {
    decision_deadlines (game_id, decision) {
        game_id -> BigInt,
        decision -> Text,
        seat -> Integer,
        due_at -> Text,
        remind_at -> Text,
        reminded_at -> Nullable<Text>,
    }
}

diesel::table! {
    email_verifications (account_id) {
        account_id -> BigInt,
        token_hash -> Text,
        created_at -> Text,
        verified_at -> Nullable<Text>,
    }
}

diesel::table! {
    sessions (id) {
        id -> Text,
        account_id -> BigInt,
        created_at -> Text,
        last_seen_at -> Text,
        expires_at -> Text,
        ends_at -> Text,
        revoked_at -> Nullable<Text>,
        client -> Nullable<Text>,
        user_agent -> Nullable<Text>,
    }
}

diesel::table! {
    event_counter (id) {
        id -> Integer,
        last_id -> BigInt,
    }
}

diesel::table! {
    move_receipts (game_id, seq) {
        game_id -> BigInt,
        seq -> BigInt,
        channel -> Text,
        message_id -> Nullable<Text>,
        sender -> Nullable<Text>,
        token_hash -> Nullable<Text>,
        authenticated_by -> Text,
        received_at -> Text,
    }
}

diesel::table! {
    inbound_messages (key_hash) {
        key_hash -> Text,
        received_at -> Text,
        game_id -> BigInt,
        seat -> Nullable<Integer>,
        seq -> Nullable<BigInt>,
        code -> Nullable<Text>,
    }
}

diesel::table! {
    invitations_sent (id) {
        id -> BigInt,
        inviter_id -> BigInt,
        recipient -> Text,
        game_id -> BigInt,
        created_at -> Text,
    }
}

diesel::table! {
    events (id) {
        id -> BigInt,
        game_id -> BigInt,
        from_seq -> BigInt,
        to_seq -> BigInt,
        status -> Text,
        pending -> Text,
        at -> Text,
        message_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    password_resets (account_id) {
        account_id -> BigInt,
        token_hash -> Text,
        created_at -> Text,
        expires_at -> Text,
        used_at -> Nullable<Text>,
    }
}

diesel::table! {
    webhooks (id) {
        id -> BigInt,
        account_id -> BigInt,
        token_id -> Nullable<BigInt>,
        url -> Text,
        secret -> Text,
        created_at -> Text,
        consecutive_failures -> Integer,
        disabled_at -> Nullable<Text>,
        disabled_reason -> Nullable<Text>,
    }
}

diesel::table! {
    throttle (key) {
        key -> Text,
        window_start -> BigInt,
        hits -> BigInt,
    }
}

diesel::table! {
    webhook_deliveries (id) {
        id -> BigInt,
        webhook_id -> BigInt,
        event_id -> BigInt,
        body -> Text,
        created_at -> Text,
        next_attempt_at -> Text,
        attempts -> Integer,
        claimed_until -> Nullable<Text>,
        delivered_at -> Nullable<Text>,
        abandoned_at -> Nullable<Text>,
    }
}

diesel::table! {
    invitation_optouts (recipient) {
        recipient -> Text,
        token -> Text,
        created_at -> Text,
        opted_out_at -> Nullable<Text>,
    }
}

diesel::table! {
    webhook_attempts (id) {
        id -> BigInt,
        delivery_id -> BigInt,
        at -> Text,
        status -> Nullable<Integer>,
        error -> Nullable<Text>,
        duration_ms -> BigInt,
    }
}

diesel::table! {
    mail_addresses (id) {
        id -> BigInt,
        account_id -> BigInt,
        address -> Text,
        token_hash -> Nullable<Text>,
        token_expires_at -> Nullable<Text>,
        created_at -> Text,
        proved_at -> Nullable<Text>,
    }
}

diesel::table! {
    imported_keys (game_id, seat, kid) {
        game_id -> BigInt,
        seat -> Integer,
        kid -> Text,
        public_key -> Text,
    }
}

diesel::table! {
    talk_messages (id) {
        id -> BigInt,
        game_id -> BigInt,
        at -> Text,
        seat -> Integer,
        to_seat -> Nullable<Integer>,
        body -> Text,
        channel -> Text,
    }
}

diesel::table! {
    talk_settings (game_id) {
        game_id -> BigInt,
        private_messages -> Bool,
        spectators_read -> Bool,
    }
}

diesel::table! {
    talk_mutes (account_id, game_id, seat) {
        account_id -> BigInt,
        game_id -> BigInt,
        seat -> Integer,
        created_at -> Text,
    }
}

diesel::table! {
    talk_reports (id) {
        id -> BigInt,
        message_id -> BigInt,
        account_id -> BigInt,
        reason -> Text,
        created_at -> Text,
    }
}

diesel::table! {
    talk_notes (account_id, game_id) {
        account_id -> BigInt,
        game_id -> BigInt,
        body -> Text,
        updated_at -> Text,
    }
}

diesel::table! {
    talk_mailed (account_id, game_id) {
        account_id -> BigInt,
        game_id -> BigInt,
        last_message_id -> BigInt,
    }
}

diesel::table! {
    game_follows (account_id, game_id) {
        account_id -> BigInt,
        game_id -> BigInt,
        how -> Text,
    }
}

diesel::joinable!(webhook_deliveries -> webhooks (webhook_id));
diesel::joinable!(webhook_attempts -> webhook_deliveries (delivery_id));

diesel::allow_tables_to_appear_in_same_query!(
    accounts,
    api_tokens,
    signing_keys,
    games,
    seats,
    journal,
    server_settings,
    outbox,
    reply_tokens,
    mail_prefs,
    decision_deadlines,
    email_verifications,
    sessions,
    password_resets,
    throttle,
    move_receipts,
    inbound_messages,
    invitations_sent,
    invitation_optouts,
    event_counter,
    events,
    webhooks,
    webhook_deliveries,
    webhook_attempts,
    mail_addresses,
    ratings,
    game_results,
    results_to_record,
    imported_keys,
    talk_messages,
    talk_settings,
    talk_mutes,
    talk_reports,
    talk_notes,
    talk_mailed,
    game_follows
);
