//! Every game, played to its end from the shell through the real server and CLI.

use e2e::{Server, play_whole_game};

e2e::on_both_backends! {
    fn shinobazu_four_players_from_the_shell(db) {
        let server = Server::start(db);
        let (_, moves, _) = play_whole_game(&server, "shinobazu", 4, 0, 5_000);
        assert!(moves > 10);
    }
}

e2e::on_both_backends! {
    fn shidouban_three_players_from_the_shell(db) {
        let server = Server::start(db);
        let (id, moves, players) = play_whole_game(&server, "shidouban", 3, 0, 5_000);
        assert!(moves > 10);
        // Each player's copy keeps the others' answers the rules never reveal redacted; each verifies.
        for p in &players {
            p.run(&["verify", &id]).ok("verify");
        }
    }
}

e2e::on_both_backends! {
    fn senbat_two_players_from_the_shell(db) {
        let server = Server::start(db);
        let (_, moves, _) = play_whole_game(&server, "senbat", 2, 0, 5_000);
        assert!(moves > 5);
    }
}

e2e::on_both_backends! {
    fn suriagehara_two_players_from_the_shell(db) {
        let server = Server::start(db);
        let (id, moves, players) = play_whole_game(&server, "suriagehara", 2, 0, 5_000);
        assert!(moves > 5);
        // The map is larger than a screen: `--region` draws a corner of it.
        let whole = players[0].run(&["show", &id]).ok("show");
        let corner = players[0].run(&["show", &id, "--region", "0101-0605"]).ok("show --region");
        assert!(corner.stdout.lines().count() < whole.stdout.lines().count(), "{}", corner.stdout);
    }
}

e2e::on_both_backends! {
    fn uosao_with_bots_from_the_shell(db) {
        let server = Server::start(db);
        let (_, moves, _) = play_whole_game(&server, "uosao", 1, 2, 2_000);
        assert!(moves > 5);
    }
}
