//! Tournaments over HTTP (docs/protocol.md, "Tournaments"): thin handlers over
//! `crate::tournaments`.

use super::{ApiError, AppState, Body, Param, Params};
use crate::auth::{Member, Viewer};
use crate::store::TournamentId;
use crate::tournaments::{News, Published, Registration, Settings, TournamentError, status_name};
use arbiter::{RulesetId, TimeControl};
use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::Stream;
use serde::Deserialize;
use serde_json::json;
use std::collections::HashMap;
use std::convert::Infallible;
use tournament::director::{self, DirectorError, NewTournament, PairRequest, StandingsRequest};
use tournament::{BoardResult, GameKind, StandingsFormat, System};

impl From<TournamentError> for ApiError {
    fn from(e: TournamentError) -> ApiError {
        match e {
            TournamentError::Director(d) => match d {
                DirectorError::OpenBoards { .. }
                | DirectorError::ResultEntered { .. }
                | DirectorError::NotActive { .. }
                | DirectorError::PairedAfterWithdrawal { .. }
                | DirectorError::CannotPair(_)
                | DirectorError::PastLastRound { .. } => ApiError::conflict(d.to_string()),
                DirectorError::WriteBack(_) => {
                    tracing::error!(error = %d, "tournament write-back");
                    ApiError::new(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        crate::protocol::ErrorCode::Internal,
                        d.to_string(),
                    )
                }
                d => ApiError::bad_request(d.to_string()),
            },
            TournamentError::Store(s) => s.into(),
            TournamentError::NotFound => ApiError::not_found("no such tournament"),
            TournamentError::Forbidden(m) => ApiError::forbidden(m),
            TournamentError::Conflict(m) => ApiError::conflict(m),
            TournamentError::BadRequest(m) => ApiError::bad_request(m),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTournamentRequest {
    name: String,
    system: System,
    game: GameKind,
    #[serde(default)]
    rounds: Option<u32>,
    /// Default: the game's first ruleset (fesa-2017 for shogi, rfg for Go).
    #[serde(default)]
    rules: Option<RulesetId>,
    #[serde(default)]
    city: Option<String>,
    #[serde(default)]
    date: Option<String>,
    #[serde(default)]
    time_control: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    time: Option<TimeControl>,
    #[serde(default)]
    rated: bool,
    /// Go: the board's size (default 19).
    #[serde(default)]
    size: Option<u8>,
    /// McMahon: the bar, the floor and what handicaps are computed from (pl 8.2).
    #[serde(default)]
    mcmahon: Option<director::McMahonSettings>,
}

/// `POST /api/tournaments`.
pub async fn create(
    State(state): State<AppState>,
    m: Member,
    Body(r): Body<NewTournamentRequest>,
) -> Result<Response, ApiError> {
    let rules = r.rules.unwrap_or(match r.game {
        GameKind::Shogi => RulesetId::Fesa2017,
        GameKind::Go => RulesetId::Rfg,
    });
    let new = NewTournament {
        name: r.name,
        city: r.city,
        date: r.date,
        arbiter: None,
        time_control: r.time_control,
        rounds: r.rounds,
        system: r.system,
        game: r.game,
        rules: Some(rules),
        seed: r.seed,
    };
    let settings = Settings { rules, time: r.time, rated: r.rated, size: r.size.unwrap_or(19) };
    let id = state.tournaments.create(&m.user, &new, r.mcmahon.as_ref(), &settings).await?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id }))).into_response())
}

/// `GET /api/tournaments`.
pub async fn list(State(state): State<AppState>) -> Result<Json<serde_json::Value>, ApiError> {
    let mut out = Vec::new();
    for row in state.store.tournaments(200).await? {
        let l = state.tournaments.load(row.id).await?;
        out.push(json!({
            "id": row.id,
            "name": l.t.name,
            "game": l.t.game,
            "system": l.t.system,
            "rounds_planned": l.t.planned_rounds,
            "rounds_paired": l.t.next_round() - 1,
            "players": l.t.players.len(),
        }));
    }
    Ok(Json(json!({ "tournaments": out })))
}

/// `GET /api/tournaments/{id}/events`: Server-Sent Events as the tournament changes —
/// `changed` (ask for it again; data: the tournament's id) and `game` (a board's game moved;
/// data: the game's id) — with a keep-alive comment every 15 s.
pub async fn events(
    State(state): State<AppState>,
    Param(id): Param<TournamentId>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let follow = state.tournaments.follow(id).await?;
    let stream = futures_util::stream::unfold(follow, move |mut f| async move {
        let event = match f.next().await? {
            // An event with no data is not dispatched by a browser (the SSE processing model).
            News::Changed => Event::default().event("changed").data(id.to_string()),
            News::Game(g) => Event::default().event("game").data(g.to_string()),
        };
        Some((Ok(event), f))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// `GET /api/tournaments/{id}`: everything a page shows of it.
pub async fn show(
    State(state): State<AppState>,
    v: Viewer,
    Param(id): Param<TournamentId>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let l = state.tournaments.load(id).await?;
    let t = &l.t;
    let arbiters = state.store.tournament_arbiters(id).await?;
    let accounts = state.store.tournament_accounts(id).await?;
    let account_of: HashMap<u32, &str> = accounts.iter().map(|(n, u)| (*n, u.name.as_str())).collect();
    let games = state.store.tournament_games(id).await?;
    let reports = state.store.tournament_reports(id).await?;
    let published = state.tournaments.published_rounds(id).await?;
    let byes_next: HashMap<u32, director::AnnouncedBye> = announced(t, t.next_round()).into_iter().collect();
    let players: Vec<_> = t
        .players
        .iter()
        .map(|p| {
            let (status, from) = status_name(p.status);
            json!({
                "number": p.number,
                "name": p.name,
                "rating": p.rating,
                "grade": p.grade.map(|g| g.to_string()),
                "club": p.club,
                "federation": p.federation,
                "account": account_of.get(&p.number),
                "status": status,
                "from_round": from,
                "bye_next": byes_next.get(&p.number),
            })
        })
        .collect();
    let mut rounds = Vec::new();
    // The live games' state, for the arbiters' console: the move, the clocks, a dispute.
    let mut live = HashMap::new();
    for g in games.iter().filter(|g| g.status == crate::store::GameStatus::Live) {
        if let Some(game) = state.hub.read(g.game).await {
            let view = game.view(crate::live::now_ms());
            let disputed_by = match &view.position {
                arbiter::live::PositionView::Go { disputed_by, .. } => *disputed_by,
                _ => None,
            };
            live.insert(
                g.game,
                json!({ "ply": view.ply, "to_move": view.to_move, "clock": view.clock, "disputed_by": disputed_by }),
            );
        }
    }
    for r in 1..t.next_round() {
        let boards = director::boards(t, r).map_err(TournamentError::from)?;
        let open = boards.iter().filter(|b| b.result.is_none()).count();
        let boards: Vec<_> = boards
            .iter()
            .map(|b| {
                // The board's latest game (a replay after a draw comes last).
                let game =
                    games.iter().filter(|g| g.round == r && g.board as usize == b.number).max_by_key(|g| g.replay);
                let handicap =
                    published.get(&r).and_then(|p| p.boards.get(b.number - 1)).and_then(|p| p.handicap.clone());
                let live = game.filter(|g| g.status == crate::store::GameStatus::Live).and_then(|g| live.get(&g.game));
                let reports: Vec<_> = reports
                    .iter()
                    .filter(|x| x.round == r && x.board as usize == b.number)
                    .map(|x| json!({ "player": x.player, "result": x.result }))
                    .collect();
                json!({
                    "reports": reports,
                    "live": live,
                    "number": b.number,
                    "first": b.first,
                    "second": b.second,
                    "result": b.result,
                    "replayed": b.replayed,
                    "handicap": handicap,
                    "game": game.map(|g| g.game),
                    "game_status": game.map(|g| g.status),
                })
            })
            .collect();
        let byes = published.get(&r).map(|p| p.byes.clone()).unwrap_or_default();
        rounds.push(json!({ "number": r, "open": open, "boards": boards, "byes": byes, "announced": announced(t, r).into_iter().map(|(p, b)| json!({ "player": p, "bye": b })).collect::<Vec<_>>() }));
    }
    let standings = if t.players.is_empty() {
        json!({ "tiebreaks": [], "rows": [] })
    } else {
        let s = director::standings(t, &StandingsRequest::default()).map_err(TournamentError::from)?;
        json!({ "tiebreaks": s.tiebreaks, "rows": s.rows })
    };
    let arbiter = match &v.0 {
        Some((u, _)) => state.tournaments.is_arbiter(id, u).await?,
        None => false,
    };
    let me = json!({
        "arbiter": arbiter,
        "player": v.0.as_ref().and_then(|(u, _)| accounts.iter().find(|(_, a)| a.id == u.id)).map(|(n, _)| n),
    });
    // The next round paired but not published: the arbiters' only.
    let draft = match arbiter {
        true => state
            .tournaments
            .draft(&l)
            .await?
            .map(|(p, stale)| json!({ "round": p.round, "boards": p.boards, "byes": p.byes, "stale": stale })),
        false => None,
    };
    Ok(Json(json!({
        "id": id,
        "name": t.name,
        "game": t.game,
        "system": t.system,
        "rules": l.settings.rules,
        // A drawn game stands as ½–½: not under a ruleset that replays it, nor in a knockout.
        "draws": l.settings.rules.ruleset().draws_stand() && t.system != System::Knockout,
        "time": l.settings.time,
        "rated": l.settings.rated,
        "rounds_planned": t.planned_rounds,
        "arbiters": arbiters.iter().map(|u| &u.name).collect::<Vec<_>>(),
        "players": players,
        "rounds": rounds,
        "standings": standings,
        "me": me,
        "draft": draft,
        "rated_list": state.store.is_rated(id).await?,
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArbiterRequest {
    name: String,
}

/// `POST /api/tournaments/{id}/arbiters {name}`.
pub async fn add_arbiter(
    State(state): State<AppState>,
    m: Member,
    Param(id): Param<TournamentId>,
    Body(r): Body<ArbiterRequest>,
) -> Result<StatusCode, ApiError> {
    state.tournaments.add_arbiter(id, &m.user, &r.name).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/tournaments/{id}/players`.
pub async fn register(
    State(state): State<AppState>,
    m: Member,
    Param(id): Param<TournamentId>,
    Body(r): Body<Registration>,
) -> Result<Response, ApiError> {
    let joined = state.tournaments.register(id, &m.user, &r).await?;
    Ok((StatusCode::CREATED, Json(json!(joined))).into_response())
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct WithdrawRequest {
    from_round: Option<u32>,
    reason: Option<String>,
}

/// `POST /api/tournaments/{id}/players/{n}/withdraw`.
pub async fn withdraw(
    State(state): State<AppState>,
    m: Member,
    Param((id, player)): Param<(TournamentId, u32)>,
    Body(r): Body<WithdrawRequest>,
) -> Result<StatusCode, ApiError> {
    state.tournaments.withdraw(id, &m.user, player, r.from_round, r.reason).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize)]
pub struct PairBody {
    #[serde(flatten)]
    request: PairRequest,
    /// Keep the round as the arbiters' draft instead of publishing it.
    #[serde(default)]
    draft: bool,
}

/// `POST /api/tournaments/{id}/rounds`: pair the next round and publish it, or draft it.
pub async fn pair(
    State(state): State<AppState>,
    m: Member,
    Param(id): Param<TournamentId>,
    Body(r): Body<PairBody>,
) -> Result<Json<Published>, ApiError> {
    Ok(Json(state.tournaments.pair(id, &m.user, &r.request, r.draft).await?))
}

/// `POST /api/tournaments/{id}/rounds/{r}/publish`: the draft of round `r` published.
pub async fn publish(
    State(state): State<AppState>,
    m: Member,
    Param((id, round)): Param<(TournamentId, u32)>,
) -> Result<Json<Published>, ApiError> {
    Ok(Json(state.tournaments.publish(id, &m.user, round).await?))
}

/// `DELETE /api/tournaments/{id}/rounds/{r}/draft`: the draft of round `r` discarded.
pub async fn discard_draft(
    State(state): State<AppState>,
    m: Member,
    Param((id, round)): Param<(TournamentId, u32)>,
) -> Result<StatusCode, ApiError> {
    state.tournaments.discard_draft(id, &m.user, round).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/tournaments/{id}/rounds/{r}/games`: start the round's online games.
pub async fn start_games(
    State(state): State<AppState>,
    m: Member,
    Param((id, round)): Param<(TournamentId, u32)>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let started = state.tournaments.start_games(id, &m.user, round).await?;
    let started: Vec<_> = started.into_iter().map(|(board, game)| json!({ "board": board, "game": game })).collect();
    Ok(Json(json!({ "started": started })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultRequest {
    result: BoardResult,
    #[serde(default)]
    replayed: bool,
    #[serde(default)]
    reason: Option<String>,
}

/// `PUT /api/tournaments/{id}/rounds/{r}/boards/{b}`: a board's result.
pub async fn enter_result(
    State(state): State<AppState>,
    m: Member,
    Param((id, round, board)): Param<(TournamentId, u32, usize)>,
    Body(r): Body<ResultRequest>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let view = state.tournaments.enter_result(id, &m.user, round, board, r.result, r.replayed, r.reason).await?;
    Ok(Json(json!(view)))
}

#[derive(Deserialize)]
pub struct StandingsQuery {
    #[serde(default)]
    format: Option<String>,
}

/// `GET /api/tournaments/{id}/standings?format=…`.
pub async fn standings(
    State(state): State<AppState>,
    Param(id): Param<TournamentId>,
    Params(q): Params<StandingsQuery>,
) -> Result<Response, ApiError> {
    let format: StandingsFormat = q
        .format
        .as_deref()
        .unwrap_or("json")
        .parse()
        .map_err(|e: tournament::UnknownName| ApiError::bad_request(e.to_string()))?;
    let l = state.tournaments.load(id).await?;
    let s = director::standings(&l.t, &StandingsRequest::default()).map_err(TournamentError::from)?;
    let content = match format {
        StandingsFormat::Json => "application/json",
        StandingsFormat::Html => "text/html; charset=utf-8",
        StandingsFormat::Csv => "text/csv; charset=utf-8",
        _ => "text/plain; charset=utf-8",
    };
    Ok(([(header::CONTENT_TYPE, content)], s.write(&l.t, format)).into_response())
}

/// `GET /api/tournaments/{id}/trf`: the tournament as TRF.
pub async fn trf(State(state): State<AppState>, Param(id): Param<TournamentId>) -> Result<Response, ApiError> {
    let row = state.store.tournament(id).await?.ok_or_else(|| ApiError::not_found("no such tournament"))?;
    let disposition = format!("inline; filename=\"tournament-{id}.trf\"");
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()), (header::CONTENT_DISPOSITION, disposition)],
        row.trf,
    )
        .into_response())
}

/// `GET /api/tournaments/{id}/audit`: its arbiters only.
pub async fn audit(
    State(state): State<AppState>,
    m: Member,
    Param(id): Param<TournamentId>,
) -> Result<Json<serde_json::Value>, ApiError> {
    state.tournaments.load(id).await?;
    if !state.tournaments.is_arbiter(id, &m.user).await? {
        return Err(ApiError::forbidden("only the tournament's arbiters read its audit log"));
    }
    Ok(Json(json!({ "entries": state.store.tournament_audit(id).await? })))
}

/// A game of a tournament: may `user` arbitrate it as one of the tournament's arbiters?
pub async fn arbitrates_game(state: &AppState, game: crate::store::GameId, user: &crate::store::User) -> bool {
    match state.store.board_of_game(game).await {
        Ok(Some(g)) => state.store.is_tournament_arbiter(g.tournament, user.id).await.unwrap_or(false),
        _ => false,
    }
}

/// `GET /api/tournaments/{id}/fesa`: the FESA rating program's files for it, against the list
/// in force (`shinpan rate fesa --list … --new-players … --tournament …` reads them).
pub async fn fesa_files(
    State(state): State<AppState>,
    Param(id): Param<TournamentId>,
) -> Result<Json<crate::tournaments::FesaFiles>, ApiError> {
    Ok(Json(state.tournaments.fesa_files(id).await?))
}

/// `POST /api/tournaments/{id}/rate`: after the last round, its arbiters publish the new FESA
/// rating list; the answer is the list as JSON.
pub async fn rate(
    State(state): State<AppState>,
    m: Member,
    Param(id): Param<TournamentId>,
) -> Result<Response, ApiError> {
    let rated = state.tournaments.rate(id, &m.user).await?;
    let json = rated.write(rating::fesa::Output::Json);
    Ok(([(header::CONTENT_TYPE, "application/json")], json).into_response())
}

#[derive(Deserialize)]
pub struct ListQuery {
    #[serde(default)]
    format: Option<String>,
}

/// `GET /api/ratings/fesa?format=json|list`: the FESA rating list in force, as JSON or as the
/// rating program's list file.
pub async fn rating_list(State(state): State<AppState>, Params(q): Params<ListQuery>) -> Result<Response, ApiError> {
    let list = state.store.rating_list().await?;
    match q.format.as_deref().unwrap_or("json") {
        "list" => Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], list.unwrap_or_default()).into_response()),
        "json" => {
            let players = match &list {
                Some(text) => rating::fesa::read_list(text).map_err(|e| {
                    tracing::error!(error = %e, "the stored rating list");
                    ApiError::new(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        crate::protocol::ErrorCode::Internal,
                        "stored list is damaged",
                    )
                })?,
                None => Vec::new(),
            };
            Ok(([(header::CONTENT_TYPE, "application/json")], rating::fesa::list_json(&players)).into_response())
        }
        f => Err(ApiError::bad_request(format!("unknown format `{f}` (json, list)"))),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByeRequest {
    /// `half`, `zero`, `full`, or `null` to take it back.
    bye: Option<director::AnnouncedBye>,
    #[serde(default)]
    reason: Option<String>,
}

/// `POST /api/tournaments/{id}/players/{n}/bye`: a bye announced for the next round.
pub async fn announce_bye(
    State(state): State<AppState>,
    m: Member,
    Param((id, player)): Param<(TournamentId, u32)>,
    Body(r): Body<ByeRequest>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let round = state.tournaments.announce_bye(id, &m.user, player, r.bye, r.reason).await?;
    Ok(Json(json!({ "round": round, "bye": r.bye })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForbidRequest {
    players: Vec<u32>,
    #[serde(default)]
    reason: Option<String>,
}

/// `POST /api/tournaments/{id}/forbidden`: players who must never meet.
pub async fn forbid(
    State(state): State<AppState>,
    m: Member,
    Param(id): Param<TournamentId>,
    Body(r): Body<ForbidRequest>,
) -> Result<StatusCode, ApiError> {
    state.tournaments.forbid(id, &m.user, &r.players, r.reason).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairingRequest {
    /// `[first, second]` pairing numbers per board.
    boards: Vec<(u32, u32)>,
    #[serde(default)]
    byes: Vec<u32>,
    reason: Option<String>,
}

/// `PUT /api/tournaments/{id}/rounds/{r}/pairing`: the last round paired by hand.
pub async fn replace_round(
    State(state): State<AppState>,
    m: Member,
    Param((id, round)): Param<(TournamentId, u32)>,
    Body(r): Body<PairingRequest>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let (published, system) = state.tournaments.replace_round(id, &m.user, round, &r.boards, &r.byes, r.reason).await?;
    Ok(Json(
        json!({ "round": published.round, "boards": published.boards, "byes": published.byes, "system_pairs": system }),
    ))
}

/// The byes announced for round `round` (TRF-2025 240): each player's and its kind.
fn announced(t: &tournament::Tournament, round: u32) -> Vec<(u32, director::AnnouncedBye)> {
    use tournament::Outcome;
    t.players
        .iter()
        .filter_map(|p| {
            let e = p.rounds.get(round as usize - 1)?;
            let bye = match (e.opponent, e.outcome) {
                (None, Outcome::HalfBye) => director::AnnouncedBye::Half,
                (None, Outcome::ZeroBye) => director::AnnouncedBye::Zero,
                (None, Outcome::FullBye) => director::AnnouncedBye::Full,
                _ => return None,
            };
            Some((p.number, bye))
        })
        .collect()
}

#[derive(Deserialize)]
pub struct EditRequest {
    #[serde(flatten)]
    changes: director::PlayerChanges,
    #[serde(default)]
    reason: Option<String>,
}

/// `PUT /api/tournaments/{id}/players/{n}`: a player's details corrected.
pub async fn edit_player(
    State(state): State<AppState>,
    m: Member,
    Param((id, player)): Param<(TournamentId, u32)>,
    Body(r): Body<EditRequest>,
) -> Result<StatusCode, ApiError> {
    state.tournaments.edit_player(id, &m.user, player, &r.changes, r.reason).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportRequest {
    result: BoardResult,
}

/// `POST /api/tournaments/{id}/rounds/{r}/boards/{b}/report`: a player's report of his
/// over-the-board game's result.
pub async fn report_result(
    State(state): State<AppState>,
    m: Member,
    Param((id, round, board)): Param<(TournamentId, u32, usize)>,
    Body(r): Body<ReportRequest>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let entered = state.tournaments.report_result(id, &m.user, round, board, r.result).await?;
    Ok(Json(json!({ "entered": entered })))
}
